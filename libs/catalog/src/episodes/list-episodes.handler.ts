import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { findOwnedPodcast } from '../podcasts/podcast.repository.js';
import { Episode } from './episode.entity.js';

type Definition = typeof catalogRequests.listEpisodes;

@Injectable()
export class ListEpisodesHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.listEpisodes;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ ownerId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    await findOwnedPodcast(em, ownerId, podcastId);
    const episodes = await em.find(Episode, { podcastId, ownerId }, { orderBy: { createdAt: 'desc' } });
    return { items: episodes.map((episode) => episode.toDto(this.storage)) };
  }
}
