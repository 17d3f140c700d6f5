import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, feedImportMessages, remoteImportRequests } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';
import { Episode } from '../episodes/episode.entity.js';
import type { ImportedPodcast } from './map-feed.js';

/**
 * podcast:locked yes: the feed's owner asks other hosts not to import it. Only a creator signed in with the owner's
 * e-mail (podcast:locked's owner attribute, else itunes:owner's) may; null when the import may go on.
 */
export function lockedProblem(podcast: ImportedPodcast, callerEmail: string | null): string | null {
  if (!podcast.locked) return null;
  if (!podcast.lockOwnerEmail) return feedImportMessages.lockedWithoutOwner;
  const same =
    callerEmail !== null && callerEmail.trim().toLowerCase() === podcast.lockOwnerEmail.toLowerCase();
  return same ? null : feedImportMessages.locked(podcast.lockOwnerEmail);
}

export function requireUnlocked(podcast: ImportedPodcast, callerEmail: string | null): void {
  const problem = lockedProblem(podcast, callerEmail);
  if (problem) throw new DomainError('FORBIDDEN', problem, { reason: 'locked' });
}

/**
 * The plan's episode limit (the media service's PLAN_EPISODES, which refuses a new episode's upload past it), for
 * `count` more episodes of the owner: the whole import fits, or nothing is imported, so a creator never finds half
 * a podcast. Null when it fits.
 */
export async function planProblem(
  em: EntityManager,
  bus: MessageBus,
  ownerId: string,
  count: number,
): Promise<{ message: string; limit: number; existing: number } | null> {
  if (count === 0) return null;
  const [{ episodesLimit }, existing] = await Promise.all([
    bus.request(remoteImportRequests.plan, { ownerId }),
    em.count(Episode, { ownerId }),
  ]);
  if (existing + count <= episodesLimit) return null;
  return {
    message: feedImportMessages.overPlan(count, existing, episodesLimit),
    limit: episodesLimit,
    existing,
  };
}

export async function requirePlanRoom(em: EntityManager, bus: MessageBus, ownerId: string, count: number) {
  const problem = await planProblem(em, bus, ownerId, count);
  if (problem) {
    throw new DomainError('PLAN_EPISODES_EXCEEDED', problem.message, {
      limit: problem.limit,
      existing: problem.existing,
      toImport: count,
    });
  }
}
