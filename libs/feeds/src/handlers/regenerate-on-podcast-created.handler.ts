import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { CatalogChangeRecorder } from './catalog-change-recorder.js';

type Definition = typeof catalogEvents.podcastCreated;

/** A new podcast gets its feeds at once (a channel with no items), so its URLs work before the first episode. */
@Injectable()
export class RegenerateOnPodcastCreatedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.podcastCreated;

  constructor(private readonly changes: CatalogChangeRecorder) {}

  async handle(
    payload: PayloadOf<Definition>,
    { em, envelope }: EventHandlerContext<Definition>,
  ): Promise<void> {
    await this.changes.record(em, payload, envelope);
  }
}
