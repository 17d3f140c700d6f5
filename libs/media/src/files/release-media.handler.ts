import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogEvents, type PayloadOf } from '@castbase/contracts';
import type { EventHandler, EventHandlerContext } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Upload } from '../uploads/upload.entity.js';
import { deleteInBatches } from './delete-in-batches.js';
import { MediaFile } from './media-file.entity.js';
import { MediaOutput } from './media-output.entity.js';

/**
 * Deletes the media files the catalog released (`releasedMediaIds`: nothing in the catalog uses them any more),
 * whoever uploaded them (an editor's upload on the owner's podcast too): their stored objects first (original and
 * every output), then the file, its outputs, jobs and upload in the event's transaction. Storage deletes are not
 * transactional, so a crash in between leaves the rows and the redelivered event finishes the job; a file already
 * gone is skipped.
 */
@Injectable()
export class ReleasedMediaRemover {
  constructor(private readonly storage: ObjectStorage) {}

  async remove(em: EntityManager, mediaIds: readonly string[]): Promise<void> {
    for (const mediaId of new Set(mediaIds)) await this.removeOne(em, mediaId);
  }

  private async removeOne(em: EntityManager, mediaId: string): Promise<void> {
    const file = await em.findOne(MediaFile, mediaId, { fields: ['originalKey', 'storageKey'] });
    if (!file) return;
    const keys = new Set([file.originalKey, file.storageKey, ...(await this.outputKeys(em, mediaId))]);
    await deleteInBatches(this.storage, [...keys]);
    // A job may have stored an output since: the file's row lock orders it before or after this delete.
    await em.findOne(MediaFile, mediaId, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    const storedSince = (await this.outputKeys(em, mediaId)).filter((key) => !keys.has(key));
    await em.nativeDelete(MediaFile, { id: mediaId });
    await em.nativeDelete(Upload, { id: mediaId });
    await deleteInBatches(this.storage, storedSince);
  }

  private async outputKeys(em: EntityManager, mediaId: string): Promise<string[]> {
    const outputs = await em.find(
      MediaOutput,
      { mediaId },
      { fields: ['storageKey'], disableIdentityMap: true },
    );
    return outputs.map((output) => output.storageKey);
  }
}

/** A deleted episode's media and artwork that nothing else uses go. */
@Injectable()
export class ReleaseMediaOfDeletedEpisodeHandler implements EventHandler<
  typeof catalogEvents.episodeDeleted
> {
  readonly definition = catalogEvents.episodeDeleted;

  constructor(private readonly remover: ReleasedMediaRemover) {}

  async handle(
    { releasedMediaIds }: PayloadOf<typeof catalogEvents.episodeDeleted>,
    { em }: EventHandlerContext<typeof catalogEvents.episodeDeleted>,
  ): Promise<void> {
    await this.remover.remove(em, releasedMediaIds);
  }
}

/** A deleted podcast's artwork and its episodes' media that nothing else uses go. */
@Injectable()
export class ReleaseMediaOfDeletedPodcastHandler implements EventHandler<
  typeof catalogEvents.podcastDeleted
> {
  readonly definition = catalogEvents.podcastDeleted;

  constructor(private readonly remover: ReleasedMediaRemover) {}

  async handle(
    { releasedMediaIds }: PayloadOf<typeof catalogEvents.podcastDeleted>,
    { em }: EventHandlerContext<typeof catalogEvents.podcastDeleted>,
  ): Promise<void> {
    await this.remover.remove(em, releasedMediaIds);
  }
}
