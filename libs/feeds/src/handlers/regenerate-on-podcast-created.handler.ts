import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';
import { regenerateAfterCatalogChange } from './regenerate-after-catalog-change.js';

type Definition = typeof catalogEvents.podcastCreated;

/** A new podcast gets its feed at once (a channel with no items), so its URL works before the first episode. */
@Injectable()
export class RegenerateOnPodcastCreatedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.podcastCreated;

  constructor(private readonly regenerateFeed: RegenerateFeed) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    await regenerateAfterCatalogChange(this.regenerateFeed, em, payload.podcastId);
  }
}
