import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { EpisodeTagging } from './episode-tagging.js';

type Created = typeof catalogEvents.episodeCreated;
type Updated = typeof catalogEvents.episodeUpdated;
type Published = typeof catalogEvents.episodePublished;

/** A new episode (or a duplicate) playing a ready MP3 gets its own tagged copy. */
@Injectable()
export class TagAudioOnEpisodeCreatedHandler implements EventHandler<Created> {
  readonly definition = catalogEvents.episodeCreated;

  constructor(private readonly tagging: EpisodeTagging) {}

  async handle(payload: PayloadOf<Created>, { em, envelope }: EventHandlerContext<Created>): Promise<void> {
    await this.tagging.queueIfChanged(em, payload, envelope.occurredAt);
  }
}

/** A save that changed the title, the chapters or the file re-tags the episode's MP3. */
@Injectable()
export class TagAudioOnEpisodeUpdatedHandler implements EventHandler<Updated> {
  readonly definition = catalogEvents.episodeUpdated;

  constructor(private readonly tagging: EpisodeTagging) {}

  async handle(payload: PayloadOf<Updated>, { em, envelope }: EventHandlerContext<Updated>): Promise<void> {
    await this.tagging.queueIfChanged(em, payload, envelope.occurredAt);
  }
}

/**
 * Publishing tags the MP3 when it was not yet (an episode saved while its file was still being processed): the
 * podcast apps download this file.
 */
@Injectable()
export class TagAudioOnEpisodePublishedHandler implements EventHandler<Published> {
  readonly definition = catalogEvents.episodePublished;

  constructor(private readonly tagging: EpisodeTagging) {}

  async handle(
    payload: PayloadOf<Published>,
    { em, envelope }: EventHandlerContext<Published>,
  ): Promise<void> {
    await this.tagging.queueIfChanged(em, payload, envelope.occurredAt);
  }
}
