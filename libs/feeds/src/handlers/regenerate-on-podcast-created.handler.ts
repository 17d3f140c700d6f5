import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler } from '@castbase/platform-messaging';
import { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';
import { FeedResponseCache } from '../http/feed-response-cache.js';
import type { EventContextOf } from './handler-context.js';
import { regenerateAfterCatalogChange } from './regenerate-after-catalog-change.js';

type Definition = typeof catalogEvents.podcastCreated;

/** A new podcast gets its feed at once (a channel with no items), so its URL works before the first episode. */
@Injectable()
export class RegenerateOnPodcastCreatedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.podcastCreated;

  constructor(
    private readonly regenerateFeed: RegenerateFeed,
    private readonly cache: FeedResponseCache,
  ) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventContextOf<Definition>): Promise<void> {
    await regenerateAfterCatalogChange(this.regenerateFeed, this.cache, em, payload.podcastId);
  }
}
