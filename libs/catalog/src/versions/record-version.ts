import type { EntityManager } from '@mikro-orm/postgresql';
import type { Episode } from '../episodes/episode.entity.js';
import { EpisodeVersion } from './episode-version.entity.js';

/**
 * Every save of an episode (create, update, a lifecycle change, a restore) ends here, in the caller's transaction
 * and after its changes: the episode's revision goes up by one and the episode as it now is becomes the version of
 * that number. The caller holds the episode's row lock (or has just created it), so numbers never collide.
 */
export function recordVersion(em: EntityManager, episode: Episode, userId: string): EpisodeVersion {
  episode.revision += 1;
  return em.create(EpisodeVersion, {
    episodeId: episode.id,
    versionNumber: episode.revision,
    userId,
    title: episode.title,
    description: episode.description,
    tags: [...episode.tags],
    episodeType: episode.episodeType,
    seasonNumber: episode.seasonNumber,
    episodeNumber: episode.episodeNumber,
    explicit: episode.explicit,
    media: episode.media,
    artworkKey: episode.artworkKey,
    artworkMediaId: episode.artworkMediaId,
    transcripts: [...episode.transcripts],
    enableRss: episode.enableRss,
    status: episode.status,
    publishDate: episode.publishDate,
    scheduledReleaseDate: episode.scheduledReleaseDate,
    guid: episode.guid,
  });
}
