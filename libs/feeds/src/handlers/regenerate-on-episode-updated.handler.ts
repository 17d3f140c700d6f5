import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';
import { regenerateAfterCatalogChange } from './regenerate-after-catalog-change.js';

type Definition = typeof catalogEvents.episodeUpdated;

/** A saved episode (fields or a restored version) may change its item, or take it in or out of the feed (status, RSS switch): the feed is rendered again whatever the status, as a save that unpublished leaves it a draft. */
@Injectable()
export class RegenerateOnEpisodeUpdatedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodeUpdated;

  constructor(private readonly regenerateFeed: RegenerateFeed) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    await regenerateAfterCatalogChange(this.regenerateFeed, em, payload.podcastId);
  }
}
