import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, DomainError, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Episode } from '../episodes/episode.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';

type Definition = typeof catalogRequests.getFeedSource;

/** Main feed limit of spec 2 ("Feed limits"): 300 episodes. */
export const FEED_EPISODE_LIMIT = 300;

/** The podcast and its published episodes, newest first: what the feeds service renders. */
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
    const episodes = await em.find(
      Episode,
      // Spec 2 §4 "Feed inclusion": published and in the RSS feed (enable_rss).
      { podcastId, status: 'published', enableRss: true },
      { orderBy: { publishDate: 'desc' }, limit: FEED_EPISODE_LIMIT },
    );
    return {
      // The feeds service renders for the owner: it needs the private feed's token.
      podcast: podcast.toDto(this.storage, 'owner'),
      episodes: episodes.map((episode) => episode.toDto(this.storage)),
    };
  }
}
