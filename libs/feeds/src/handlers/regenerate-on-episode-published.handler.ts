import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler } from '@castbase/platform-messaging';
import { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';
import { FeedResponseCache } from '../http/feed-response-cache.js';
import type { EventContextOf } from './handler-context.js';
import { regenerateAfterCatalogChange } from './regenerate-after-catalog-change.js';

type Definition = typeof catalogEvents.episodePublished;

/** A published episode appears in its podcast's feed. */
@Injectable()
export class RegenerateOnEpisodePublishedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodePublished;

  constructor(
    private readonly regenerateFeed: RegenerateFeed,
    private readonly cache: FeedResponseCache,
  ) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventContextOf<Definition>): Promise<void> {
    await regenerateAfterCatalogChange(this.regenerateFeed, this.cache, em, payload.podcastId);
  }
}
