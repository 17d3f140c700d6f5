import type { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  can,
  DomainError,
  type ErrorCode,
  type PodcastPermission,
  type PodcastRole,
} from '@castbase/contracts';
import { Contributor } from '../contributors/contributor.entity.js';
import { Episode } from '../episodes/episode.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';

/** The caller's role on a podcast: their active contributor row (the owner has one too), else null. */
export async function findPodcastRole(
  em: EntityManager,
  userId: string,
  podcastId: string,
): Promise<PodcastRole | null> {
  const row = await em.findOne(
    Contributor,
    { podcastId, userId, status: 'active' },
    { fields: ['role'], disableIdentityMap: true },
  );
  return row?.role ?? null;
}

/**
 * The podcast, if the caller's role on it allows `permission`. No role at all is PODCAST_NOT_FOUND, exactly as if
 * the podcast did not exist (a stranger learns nothing); a role too low is `forbidden`.
 */
export async function requirePodcastRole(
  em: EntityManager,
  userId: string,
  podcastId: string,
  permission: PodcastPermission,
  forbidden: ErrorCode = 'PODCAST_ROLE_FORBIDDEN',
): Promise<{ podcast: Podcast; role: PodcastRole }> {
  const role = await findPodcastRole(em, userId, podcastId);
  const podcast = role ? await em.findOne(Podcast, { id: podcastId }) : null;
  if (!role || !podcast) throw new DomainError('PODCAST_NOT_FOUND');
  if (!can(role, permission)) throw new DomainError(forbidden);
  return { podcast, role };
}

/**
 * The episode, if the caller's role on its podcast allows `permission`. No role is EPISODE_NOT_FOUND, exactly as
 * if the episode did not exist; a role too low is `forbidden`. `lockMode` (inside a transaction) locks the
 * episode's row for a change that depends on what was read.
 */
export async function requireEpisodeRole(
  em: EntityManager,
  userId: string,
  episodeId: string,
  permission: PodcastPermission,
  options: { forbidden?: ErrorCode; lockMode?: LockMode } = {},
): Promise<{ episode: Episode; role: PodcastRole }> {
  const episode = await em.findOne(
    Episode,
    { id: episodeId },
    options.lockMode ? { lockMode: options.lockMode } : {},
  );
  const role = episode ? await findPodcastRole(em, userId, episode.podcastId) : null;
  if (!episode || !role) throw new DomainError('EPISODE_NOT_FOUND');
  if (!can(role, permission)) throw new DomainError(options.forbidden ?? 'PODCAST_ROLE_FORBIDDEN');
  return { episode, role };
}
