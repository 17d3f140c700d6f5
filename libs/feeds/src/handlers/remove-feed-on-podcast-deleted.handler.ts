import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import {
  eraseOutboxMentions,
  type EventHandler,
  type EventHandlerContext,
} from '@castbase/platform-messaging';
import { FeedRemover } from '../erasure/feed-remover.js';

type Definition = typeof catalogEvents.podcastDeleted;

/**
 * A deleted podcast has no feed: its stored document and the outbox rows about it go (after a rendering in
 * progress, which takes the same lock), and this process's cached copies once that commits. Renderings after
 * this find the podcast gone in the catalog and store nothing.
 */
@Injectable()
export class RemoveFeedOnPodcastDeletedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.podcastDeleted;

  constructor(private readonly feeds: FeedRemover) {}

  async handle({ podcastId }: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    await this.feeds.remove(em, [podcastId]);
    await eraseOutboxMentions(em, podcastId);
  }
}
