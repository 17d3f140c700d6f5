import { LockMode } from '@mikro-orm/core';
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
import { findOwnedEpisode } from './episode.repository.js';

type Definition = typeof catalogRequests.publishEpisode;

/** Publishes now: the status change and `catalog.episode.published` commit together (outbox). */
@Injectable()
export class PublishEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.publishEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  async handle({ ownerId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      // Locked: a second publish of the same episode waits for this one, then finds it published.
      const episode = await findOwnedEpisode(em, ownerId, episodeId, LockMode.PESSIMISTIC_WRITE);
      if (episode.status === 'published') throw new DomainError('EPISODE_ALREADY_PUBLISHED');
      if (!episode.media) throw new DomainError('EPISODE_HAS_NO_MEDIA');
      episode.status = 'published';
      episode.publishDate = new Date();
      this.outbox.add(em, catalogEvents.episodePublished, {
        episodeId: episode.id,
        podcastId: episode.podcastId,
        ownerId,
        publishedAt: episode.publishDate.toISOString(),
        media: episode.media,
      });
      await em.flush();
      return episode.toDto(this.storage);
    });
  }
}
