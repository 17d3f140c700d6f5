import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, DomainError, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Podcast } from '../podcasts/podcast.entity.js';
import { findFeedEpisodePage } from './feed-episodes.query.js';

type Definition = typeof catalogRequests.getFeedEpisodes;

/** One page of a podcast's feed episodes, newest first, after the last episode of the previous page. */
@Injectable()
export class GetFeedEpisodesHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.getFeedEpisodes;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ podcastId, after, limit }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    // An empty page would read the same for a podcast deleted mid-rendering: say so instead.
    if ((await em.count(Podcast, { id: podcastId })) === 0) throw new DomainError('PODCAST_NOT_FOUND');
    const episodes = await findFeedEpisodePage(em, podcastId, after, limit);
    return { episodes: episodes.map((episode) => episode.toDto(this.storage)) };
  }
}
