import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { CatalogChangeRecorder } from './catalog-change-recorder.js';

type Definition = typeof catalogEvents.episodeDeleted;

/** A deleted episode leaves its podcast's feeds. */
@Injectable()
export class RegenerateOnEpisodeDeletedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodeDeleted;

  constructor(private readonly changes: CatalogChangeRecorder) {}

  async handle(
    payload: PayloadOf<Definition>,
    { em, envelope }: EventHandlerContext<Definition>,
  ): Promise<void> {
    await this.changes.record(em, payload, envelope);
  }
}
