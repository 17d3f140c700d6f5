import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  DomainError,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { changeEpisodeStatus, episodeFact } from './episode-lifecycle.js';

type Definition = typeof catalogRequests.unpublishEpisode;

/**
 * Published → draft: the episode leaves the feed (feeds follows `catalog.episode.unpublished`). Its publish date
 * stays as a record of when it was last out; publishing again sets a new one.
 */
@Injectable()
export class UnpublishEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.unpublishEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const episode = await changeEpisodeStatus(em, userId, episodeId, (episode) => {
        if (episode.status !== 'published') throw new DomainError('EPISODE_NOT_PUBLISHED');
        episode.status = 'draft';
        this.outbox.add(em, catalogEvents.episodeUnpublished, episodeFact(episode));
      });
      return episode.toDto(this.storage);
    });
  }
}
