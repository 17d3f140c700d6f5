import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { ObjectStorage } from '@castbase/platform-storage';
import { Upload } from '../uploads/upload.entity.js';
import { deleteInBatches } from './delete-in-batches.js';
import { MediaFile } from './media-file.entity.js';
import { MediaOutput } from './media-output.entity.js';

/**
 * Deletes media files: their stored objects first (original and every output, 100 per storage call), then the file,
 * its outputs, jobs and upload in the caller's transaction. Storage deletes are not transactional, so a crash in
 * between leaves the rows and deleting again finishes the job; a file already gone is skipped. Whether a file may go
 * (its owner, whether it is in use) is the caller's to decide.
 */
@Injectable()
export class MediaFileRemover {
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
