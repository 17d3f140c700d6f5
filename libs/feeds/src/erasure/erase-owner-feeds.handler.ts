import { Injectable } from '@nestjs/common';
import { identityEvents, type PayloadOf } from '@castbase/contracts';
import {
  reportUserErasure,
  Outbox,
  type EventHandler,
  type EventHandlerContext,
} from '@castbase/platform-messaging';
import { FeedRepository } from '../feed-documents/feed.repository.js';
import { FeedRemover } from './feed-remover.js';

type Definition = typeof identityEvents.userDeletionRequested;

/**
 * Feeds' part of account deletion (spec 1 §4): in the event's transaction it deletes the user's stored feeds and
 * every outbox row naming the user, and reports what it removed (podcasts' feeds and stored files); this process's cached copies go
 * when that commits (other replicas' within their cache TTL). A repeated request finds nothing and reports zeros.
 * A feed rendered meanwhile from a catalog that had not erased yet goes with `catalog.podcast.deleted`.
 */
@Injectable()
export class EraseOwnerFeedsHandler implements EventHandler<Definition> {
  readonly definition = identityEvents.userDeletionRequested;

  constructor(
    private readonly repository: FeedRepository,
    private readonly feeds: FeedRemover,
    private readonly outbox: Outbox,
  ) {}

  async handle(
    { deletionId, userId }: PayloadOf<Definition>,
    { em }: EventHandlerContext<Definition>,
  ): Promise<void> {
    const removed = await this.feeds.remove(em, await this.repository.findPodcastIdsOfOwner(em, userId));
    await reportUserErasure(this.outbox, em, 'feeds', { deletionId, userId }, removed);
  }
}
