import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';
import { regenerateAfterCatalogChange } from './regenerate-after-catalog-change.js';

type Definition = typeof catalogEvents.podcastUpdated;

/** Saved podcast settings or a rotated private token: the channel is rendered again. */
@Injectable()
export class RegenerateOnPodcastUpdatedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.podcastUpdated;

  constructor(private readonly regenerateFeed: RegenerateFeed) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    await regenerateAfterCatalogChange(this.regenerateFeed, em, payload.podcastId);
  }
}
