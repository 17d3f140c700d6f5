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
    const em = this.em.fork();
    await requirePodcastRole(em, userId, podcastId, 'view');
    const { episodes, ...page } = await findEpisodePage(em, podcastId, query);
    return { items: episodes.map((episode) => episode.toDto(this.storage)), ...page };
  }
}
