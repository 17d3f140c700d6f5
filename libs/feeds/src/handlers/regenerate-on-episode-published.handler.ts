import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { CatalogChangeRecorder } from './catalog-change-recorder.js';

type Definition = typeof catalogEvents.episodePublished;

/** A published episode (by hand or at its scheduled time) joins its podcast's feeds. */
@Injectable()
export class RegenerateOnEpisodePublishedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodePublished;

  constructor(private readonly changes: CatalogChangeRecorder) {}

  async handle(
    payload: PayloadOf<Definition>,
    { em, envelope }: EventHandlerContext<Definition>,
  ): Promise<void> {
    await this.changes.record(em, payload, envelope);
  }
}
