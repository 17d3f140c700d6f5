import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventContext, EventHandler } from '@castbase/platform-messaging';
import { DownloadTargets, noteTargetChange } from '../downloads/download-targets.js';
import { Enclosure } from './enclosure.entity.js';

type Definition = typeof catalogEvents.episodeUnpublished;

/**
 * An unpublished episode leaves its feed, and its media stops being public: its enclosure URL answers 404 from this
 * commit on, until it is published again. The enclosure is kept, marked, so its downloads keep their title and
 * length in the reports.
 */
@Injectable()
export class EpisodeUnpublishedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodeUnpublished;

  constructor(private readonly targets: DownloadTargets) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventContext): Promise<void> {
    await em.nativeUpdate(
      Enclosure,
      { episodeId: payload.episodeId, unpublishedAt: null },
      { unpublishedAt: new Date(), updatedAt: new Date() },
    );
    await noteTargetChange(em, this.targets, { episodeId: payload.episodeId });
  }
}
