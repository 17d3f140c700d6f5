import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requirePodcastRole } from '../access/podcast-access.js';
import { findEpisodePage } from './episode-list-query.js';

type Definition = typeof catalogRequests.listEpisodes;

/** The All Episodes screen's page: filters, sort, page and the podcast's counts, for anyone with a role on it. */
@Injectable()
export class ListEpisodesHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.listEpisodes;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId, podcastId, query }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    // The page is read while the role is checked (each on its own connection), one round trip instead of two; a
    // caller without a role gets PODCAST_NOT_FOUND and nothing of what was read.
    const [, { episodes, ...page }] = await Promise.all([
      requirePodcastRole(this.em.fork(), userId, podcastId, 'view'),
      findEpisodePage(this.em.fork(), podcastId, query),
    ]);
    return { items: episodes.map((episode) => episode.toDto(this.storage)), ...page };
  }
}
