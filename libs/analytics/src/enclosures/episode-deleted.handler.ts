import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventContext, EventHandler } from '@castbase/platform-messaging';
import { DownloadTargets, noteTargetChange } from '../downloads/download-targets.js';
import { Enclosure } from './enclosure.entity.js';

type Definition = typeof catalogEvents.episodeDeleted;

/** A deleted episode's media goes with it: its enclosure URL answers 404 from this commit on. Its downloads stay. */
@Injectable()
export class EpisodeDeletedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodeDeleted;

  constructor(private readonly targets: DownloadTargets) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventContext): Promise<void> {
    await em.nativeDelete(Enclosure, { episodeId: payload.episodeId });
    await noteTargetChange(em, this.targets, { episodeId: payload.episodeId });
  }
}
