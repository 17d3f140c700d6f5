import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventContext, EventHandler } from '@castbase/platform-messaging';
import { DownloadTargets, noteTargetChange } from '../downloads/download-targets.js';
import { Enclosure } from './enclosure.entity.js';

type Definition = typeof catalogEvents.episodeUpdated;

/**
 * A published episode saved with other media, or playing its re-tagged MP3 (a chapter edit makes a new file at a new
 * key): the enclosure follows the media's key, so the download redirect never sends listeners to the old file.
 * Events written before they carried the media (no `media` field) change nothing.
 */
@Injectable()
export class EpisodeUpdatedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.episodeUpdated;

  constructor(private readonly targets: DownloadTargets) {}

  async handle(payload: PayloadOf<Definition>, { em }: EventContext): Promise<void> {
    if (payload.status !== 'published' || payload.media === undefined) return;
    if (payload.media === null) {
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
