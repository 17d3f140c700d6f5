import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { identityEvents, type PayloadOf } from '@castbase/contracts';
import {
  reportUserErasure,
  Outbox,
  type EventContext,
  type EventHandler,
} from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { RemoteImport } from '../remote-imports/remote-import.entity.js';
import { MediaFile } from '../files/media-file.entity.js';
import { deleteInBatches } from '../files/delete-in-batches.js';
import { mediaOwnerPrefix, uploadIdOfStorageKey } from '../uploads/media-storage-key.js';
import { ResumableUploads } from '../uploads/resumable-uploads.js';
import { Upload } from '../uploads/upload.entity.js';

type Definition = typeof identityEvents.userDeletionRequested;

/** Objects sized (HEAD) at once while erasing. */
const HEAD_CONCURRENCY = 16;
const uuid = z.uuid();

/**
 * Media's part of account deletion: every stored object of the user, then their media files and uploads and the
 * outbox rows that name them, then the report `media.user-data.erased` — rows and report in the
 * event's transaction. Storage deletes are not transactional, so they come first: a crash before the commit
 * leaves rows that the redelivered event finds and erases. A later request for the same user finds nothing and
 * reports zeros.
 */
@Injectable()
export class EraseUserMediaHandler implements EventHandler<Definition> {
  readonly definition = identityEvents.userDeletionRequested;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
    private readonly uploads: ResumableUploads,
  ) {}

  async handle(
    { deletionId, userId }: PayloadOf<Definition>,
    { em }: EventContext<Definition>,
  ): Promise<void> {
    // The user's files are locked before their folder is listed: a processing job that stores an output meanwhile
    // checks its file's row under a lock before it keeps the output (ProcessingRunner.storeOutput), so it waits for
    // this commit, finds the file gone and deletes what it stored. Without the lock, an output stored after the
    // listing and recorded before the rows went was left in storage with no row naming it.
    await em.find(
      MediaFile,
      { ownerId: userId },
      { fields: ['id'], orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    const { objects, bytes } = await this.deleteStoredObjects(em, userId);
    const underWay = await em.find(Upload, { ownerId: userId, status: 'uploading' }, { fields: ['id'] });
    await this.uploads.discardReceived(underWay.map((upload) => upload.id));
    const files = await em.nativeDelete(MediaFile, { ownerId: userId });
    const uploads = await em.nativeDelete(Upload, { ownerId: userId });
    // Copies from other hosts (the feed import): their files are in the owner's folder, gone above.
    await em.nativeDelete(RemoteImport, { ownerId: userId });
    await reportUserErasure(
      this.outbox,
      em,
      'media',
      { deletionId, userId },
      { files, uploads, objects, bytes },
    );
  }

  /**
   * The objects the user's uploads name, and everything in their storage folder (left-overs of rows lost or never
   * completed) except objects of another owner whose id shares the folder name.
   */
  private async deleteStoredObjects(em: EntityManager, userId: string) {
    const keys = new Set(
      (await em.find(Upload, { ownerId: userId }, { fields: ['storageKey'] }))
        .map((upload) => upload.storageKey)
        .filter((key): key is string => key !== null),
    );
    const inFolder: string[] = [];
    for await (const key of this.storage.list(mediaOwnerPrefix(userId))) inFolder.push(key);
    const othersUploads = await this.uploadsOfOtherOwners(em, userId, inFolder);
    for (const key of inFolder) {
      if (!othersUploads.has(uploadIdOfStorageKey(key) ?? '')) keys.add(key);
    }
    const sizes: number[] = [];
    const all = [...keys];
    for (let offset = 0; offset < all.length; offset += HEAD_CONCURRENCY) {
      const heads = await Promise.all(
        all.slice(offset, offset + HEAD_CONCURRENCY).map((key) => this.storage.head(key)),
      );
      for (const head of heads) if (head) sizes.push(head.contentLength);
    }
    await deleteInBatches(this.storage, all);
    return { objects: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
  }

  private async uploadsOfOtherOwners(
    em: EntityManager,
    userId: string,
    keys: string[],
  ): Promise<Set<string>> {
    const ids = keys.map(uploadIdOfStorageKey).filter((id): id is string => uuid.safeParse(id).success);
    if (ids.length === 0) return new Set();
    const uploads = await em.find(
      Upload,
      { id: { $in: [...new Set(ids)] }, ownerId: { $ne: userId } },
      { fields: ['id'] },
    );
    return new Set(uploads.map((upload) => upload.id));
  }
}
