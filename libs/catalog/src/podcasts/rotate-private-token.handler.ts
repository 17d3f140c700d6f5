import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogEvents, catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requirePodcastRole } from '../access/podcast-access.js';
import { feedAddressOf, podcastUpdatedPayload } from './podcast-events.js';
import { newPrivateAccessToken } from './private-token.js';

type Definition = typeof catalogRequests.rotatePrivateToken;

/** A new private-feed token (owner only): the old one stops working once the feed is rendered again. */
@Injectable()
export class RotatePrivateTokenHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.rotatePrivateToken;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  handle({ userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const { podcast } = await requirePodcastRole(em, userId, podcastId, 'manage');
      podcast.privateAccessToken = newPrivateAccessToken();
      this.outbox.add(
        em,
        catalogEvents.podcastUpdated,
        podcastUpdatedPayload(podcast, feedAddressOf(podcast)),
      );
      await em.flush();
      return podcast.toDto(this.storage, 'owner');
    });
  }
}
