import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventContext, EventHandler } from '@castbase/platform-messaging';
import { DownloadTargets, noteTargetChange } from '../downloads/download-targets.js';
import { Enclosure } from './enclosure.entity.js';

type Definition = typeof catalogEvents.episodePublished;

/** Keeps the enclosure of every published episode: its media's key, replaced when it is published again. */
@Injectable()
export class EpisodePublishedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodePublished;

  constructor(private readonly targets: DownloadTargets) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventContext): Promise<void> {
    if (!payload.media) {
      // Published without media (nothing to download): forget any earlier enclosure.
      await em.nativeDelete(Enclosure, { episodeId: payload.episodeId });
      await noteTargetChange(em, this.targets, { episodeId: payload.episodeId });
      return;
    }
    await em.upsert(Enclosure, {
      episodeId: payload.episodeId,
      podcastId: payload.podcastId,
      ownerId: payload.ownerId,
      mediaKey: payload.media.storageKey,
      fileName: payload.media.fileName,
      sizeBytes: payload.media.sizeBytes,
      durationSeconds: payload.media.durationSeconds,
      ...(payload.title === undefined ? {} : { title: payload.title }),
      unpublishedAt: null,
      updatedAt: new Date(),
    });
    await noteTargetChange(em, this.targets, { episodeId: payload.episodeId });
  }
}
