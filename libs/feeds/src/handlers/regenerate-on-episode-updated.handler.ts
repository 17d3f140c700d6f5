import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { CatalogChangeRecorder } from './catalog-change-recorder.js';

type Definition = typeof catalogEvents.episodeUpdated;

/** A saved episode may change its item, or take it in or out of the feeds (status, RSS switch), whatever its status now. */
@Injectable()
export class RegenerateOnEpisodeUpdatedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodeUpdated;

  constructor(private readonly changes: CatalogChangeRecorder) {}

  async handle(
    payload: PayloadOf<Definition>,
    { em, envelope }: EventHandlerContext<Definition>,
  ): Promise<void> {
    await this.changes.record(em, payload, envelope);
  }
}
