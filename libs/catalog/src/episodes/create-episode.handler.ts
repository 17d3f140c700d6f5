import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogRequests,
  mediaRequests,
  type StoredEpisodeMedia,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { MessageBus, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { findOwnedPodcast } from '../podcasts/podcast.repository.js';
import { Episode } from './episode.entity.js';

type Definition = typeof catalogRequests.createEpisode;

@Injectable()
export class CreateEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.createEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly bus: MessageBus,
  ) {}

  async handle({ ownerId, podcastId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    await findOwnedPodcast(em, ownerId, podcastId);
    const media = input.mediaId ? await this.attachableMedia(ownerId, input.mediaId) : null;
    const episode = em.create(Episode, {
      podcastId,
      ownerId,
      title: input.title,
      description: input.description,
      episodeType: input.episodeType,
      explicit: input.explicit,
      seasonNumber: input.seasonNumber ?? null,
      episodeNumber: input.episodeNumber ?? null,
      media,
    });
    await em.flush();
    return episode.toDto(this.storage);
  }

  /** The media service answers only for the caller's own files, so another owner's media is not found. */
  private async attachableMedia(ownerId: string, mediaId: string): Promise<StoredEpisodeMedia> {
    const file = await this.bus.request(mediaRequests.getFile, { ownerId, mediaId });
    return {
      mediaId: file.id,
      fileName: file.fileName,
      mimeType: file.mimeType,
      sizeBytes: file.sizeBytes,
      durationSeconds: file.durationSeconds,
      storageKey: file.storageKey,
    };
  }
}
