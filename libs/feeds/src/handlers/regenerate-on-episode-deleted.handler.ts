import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { RegenerateFeed } from '../generation/regenerate-feed.usecase.js';
import { regenerateAfterCatalogChange } from './regenerate-after-catalog-change.js';

type Definition = typeof catalogEvents.episodeDeleted;

/** A deleted episode leaves its podcast's feed. */
@Injectable()
export class RegenerateOnEpisodeDeletedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodeDeleted;

  constructor(private readonly regenerateFeed: RegenerateFeed) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventHandlerContext<Definition>): Promise<void> {
    await regenerateAfterCatalogChange(this.regenerateFeed, em, payload.podcastId);
  }
}
