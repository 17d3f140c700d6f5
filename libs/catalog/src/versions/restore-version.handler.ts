import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  DomainError,
  episodeStatusProblem,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requireEpisodeRole } from '../access/podcast-access.js';
import { withDatabaseRefusals } from '../database/database-refusals.js';
import type { Episode } from '../episodes/episode.entity.js';
import { episodeTagFields } from '../episodes/episode-lifecycle.js';
import { EpisodeVersion } from './episode-version.entity.js';
import { recordVersion } from './record-version.js';

type Definition = typeof catalogRequests.restoreVersion;

/**
 * Copies a version's content back into the episode (spec 2 §4), as a save: from the revision the editor shows
 * (EPISODE_EDIT_CONFLICT otherwise), itself a new version, with catalog.episode.updated. The status and its dates
 * stay as they are: publishing, unpublishing and scheduling are their own actions with their own events, and an old
 * schedule date would be in the past. A published episode keeps needing its audio or video.
 */
@Injectable()
export class RestoreVersionHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.restoreVersion;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  async handle({
    userId,
    episodeId,
    versionId,
    input,
  }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return withDatabaseRefusals(() =>
      this.em.fork().transactional(async (em) => {
        const { episode } = await requireEpisodeRole(em, userId, episodeId, 'editEpisodes', {
          lockMode: LockMode.PESSIMISTIC_WRITE,
        });
        // Another episode's version is not found, exactly like a missing one.
        const version = await em.findOne(EpisodeVersion, { id: versionId, episodeId });
        if (!version) throw new DomainError('VERSION_NOT_FOUND');
        if (episode.revision !== input.revision) throw new DomainError('EPISODE_EDIT_CONFLICT');
        copyVersionContent(episode, version);
        const problem = episodeStatusProblem(
          episode.status,
          episode.media !== null,
          episode.scheduledReleaseDate,
        );
        if (problem?.field === 'mediaId') throw new DomainError('EPISODE_HAS_NO_MEDIA');
        recordVersion(em, episode, userId);
        this.outbox.add(em, catalogEvents.episodeUpdated, {
          episodeId,
          podcastId: episode.podcastId,
          ownerId: episode.ownerId,
          status: episode.status,
          ...episodeTagFields(episode),
        });
        await em.flush();
        return episode.toDto(this.storage);
      }),
    );
  }
}

/** The fields a version holds that a creator edits (the guid is fixed; status and dates are the lifecycle's). */
function copyVersionContent(episode: Episode, version: EpisodeVersion): void {
  episode.title = version.title;
  episode.description = version.description;
  episode.tags = [...version.tags];
  episode.episodeType = version.episodeType;
  episode.seasonNumber = version.seasonNumber;
  episode.episodeNumber = version.episodeNumber;
  episode.explicit = version.explicit;
  // The same file stays at the key it has now: its tagged copy (media.episode-audio.tagged) replaced the version's.
  if (version.media?.mediaId !== episode.media?.mediaId) episode.media = version.media;
  episode.artworkKey = version.artworkKey;
  episode.artworkMediaId = version.artworkMediaId;
  episode.transcripts = [...version.transcripts];
  episode.enableRss = version.enableRss;
}
