import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, type ErrorCode, type PayloadOf, catalogEvents } from '@castbase/contracts';
import { requireEpisodeRole } from '../access/podcast-access.js';
import { recordVersion } from '../versions/record-version.js';
import type { Episode } from './episode.entity.js';

/**
 * One status change of an episode by `userId`, inside `em`'s transaction. The episode's row is locked first, so a
 * second change of the same episode (a double click, another tab, the scheduled publisher) waits for this one and
 * then sees its outcome. The caller's role must allow editing episodes (`forbidden` is the 403 when it does not).
 * `change` applies the transition, throwing a DomainError when the episode's status does not allow it, and writes
 * its outbox event; the episode as it then is becomes a new version.
 */
export async function changeEpisodeStatus(
  em: EntityManager,
  userId: string,
  episodeId: string,
  change: (episode: Episode) => void,
  forbidden?: ErrorCode,
): Promise<Episode> {
  const { episode } = await requireEpisodeRole(em, userId, episodeId, 'editEpisodes', {
    lockMode: LockMode.PESSIMISTIC_WRITE,
    ...(forbidden ? { forbidden } : {}),
  });
  change(episode);
  recordVersion(em, episode, userId);
  await em.flush();
  return episode;
}

/**
 * Draft or scheduled → published at `now` (spec 2 §4), as both a creator's publish and the scheduled publisher do
 * it. An episode without audio or video is never published.
 */
export function markPublished(episode: Episode, now: Date): void {
  if (episode.status === 'published') throw new DomainError('EPISODE_ALREADY_PUBLISHED');
  if (!episode.media) throw new DomainError('EPISODE_HAS_NO_MEDIA');
  episode.status = 'published';
  episode.publishDate = now;
  episode.scheduledReleaseDate = null;
}

/** The facts every episode event carries. The owner is the podcast's, whoever made the change. */
export function episodeFact(episode: Episode): { episodeId: string; podcastId: string; ownerId: string } {
  return { episodeId: episode.id, podcastId: episode.podcastId, ownerId: episode.ownerId };
}

/** What the episode's MP3 carries in its ID3 tags, on every episode event that may change them (media re-tags). */
export function episodeTagFields(episode: Episode): {
  title: string;
  chapters: Episode['chapters'];
  media: Episode['media'];
} {
  return { title: episode.title, chapters: episode.chapters, media: episode.media };
}

/** `catalog.episode.published` for an episode just published: feeds regenerates, analytics keeps the enclosure. */
export function episodePublishedPayload(episode: Episode): PayloadOf<typeof catalogEvents.episodePublished> {
  if (!episode.publishDate) throw new Error(`Episode ${episode.id} has no publish date`);
  return {
    ...episodeFact(episode),
    ...episodeTagFields(episode),
    publishedAt: episode.publishDate.toISOString(),
  };
}
