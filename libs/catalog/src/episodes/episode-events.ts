import type { EntityManager } from '@mikro-orm/postgresql';
import { catalogEvents, type EpisodeStatus } from '@castbase/contracts';
import type { Outbox } from '@castbase/platform-messaging';
import type { Episode } from './episode.entity.js';
import { episodeFact, episodePublishedPayload } from './episode-lifecycle.js';

/** What an episode's status was before a save, to tell which lifecycle facts the save made true. */
export type StatusBefore = { status: EpisodeStatus; scheduledReleaseDate: Date | null };

/**
 * The lifecycle events of a save that changed the status (or moved a schedule), added to the outbox in the save's
 * transaction: published, unpublished, scheduled, schedule-canceled. Call after the episode holds its new state.
 */
export function addStatusChangeEvents(
  outbox: Outbox,
  em: EntityManager,
  episode: Episode,
  before: StatusBefore,
): void {
  const { status, scheduledReleaseDate } = episode;
  if (status === 'published' && before.status !== 'published') {
    outbox.add(em, catalogEvents.episodePublished, episodePublishedPayload(episode));
  }
  if (status === 'draft' && before.status === 'published') {
    outbox.add(em, catalogEvents.episodeUnpublished, episodeFact(episode));
  }
  if (status === 'draft' && before.status === 'scheduled') {
    outbox.add(em, catalogEvents.episodeScheduleCanceled, episodeFact(episode));
  }
  const scheduleMoved = before.scheduledReleaseDate?.getTime() !== scheduledReleaseDate?.getTime();
  if (status === 'scheduled' && scheduledReleaseDate && (before.status !== 'scheduled' || scheduleMoved)) {
    outbox.add(em, catalogEvents.episodeScheduled, {
      ...episodeFact(episode),
      scheduledReleaseDate: scheduledReleaseDate.toISOString(),
    });
  }
}
