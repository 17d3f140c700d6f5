import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogRequests,
  DomainError,
  FEED_TRAILERS_MAX,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Podcast } from '../podcasts/podcast.entity.js';
import { countFeedEpisodes, findFeedTrailers } from './feed-episodes.query.js';

type Definition = typeof catalogRequests.getFeedSource;

/**
 * What the feeds service renders a podcast's feeds from, before the items: the podcast as its owner sees it, how many
 * episodes its feeds hold, and its newest published trailers. The items come page by page (GetFeedEpisodesHandler).
 */
@Injectable()
export class GetFeedSourceHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.getFeedSource;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const podcast = await em.findOne(Podcast, { id: podcastId });
    if (!podcast) throw new DomainError('PODCAST_NOT_FOUND');
    const [feedEpisodeCount, trailers] = await Promise.all([
      countFeedEpisodes(em, podcastId),
      findFeedTrailers(em, podcastId, FEED_TRAILERS_MAX),
    ]);
    return {
      // The feeds service renders for the owner: it needs the private feed's token.
      podcast: podcast.toDto(this.storage, 'owner'),
      feedEpisodeCount,
      trailers: trailers.map((episode) => episode.toDto(this.storage)),
    };
  }
}
