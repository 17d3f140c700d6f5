import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import {
  eraseOutboxMentions,
  type EventHandler,
  type EventHandlerContext,
} from '@castbase/platform-messaging';
import { FeedDocumentRepository } from '../feed-documents/feed-document.repository.js';
import { FeedCacheInvalidator } from '../http/feed-cache-invalidator.js';

type Definition = typeof catalogEvents.podcastDeleted;

/**
 * A deleted podcast has no feed: its stored document and the outbox rows about it go (after a rendering in
 * progress, which takes the same lock), and this process's cached copies once that commits. Renderings after
 * this find the podcast gone in the catalog and store nothing.
 */
@Injectable()
export class RemoveFeedOnPodcastDeletedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.podcastDeleted;

  constructor(
    private readonly documents: FeedDocumentRepository,
    private readonly cacheInvalidator: FeedCacheInvalidator,
  ) {}

  async handle({ podcastId }: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    await this.documents.lockForRegeneration(em, podcastId);
    await this.documents.delete(em, [podcastId]);
    await eraseOutboxMentions(em, podcastId);
    this.cacheInvalidator.invalidateAfterCommit(em, podcastId);
  }
}
