import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainError, mediaRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Upload } from '../uploads/upload.entity.js';
import { MediaFile } from './media-file.entity.js';

type Definition = typeof mediaRequests.deleteFile;

/**
 * Removes one media file of its owner: the stored object first, then the file and the upload it came from. A
 * crash in between leaves the rows, so deleting again finishes the job. Another owner's id is not found and
 * nothing of theirs is touched. Media does not know which episodes use a file: callers delete what they
 * no longer point at (a replaced avatar or logo).
 */
@Injectable()
export class DeleteFileHandler implements RequestHandler<Definition> {
  readonly definition = mediaRequests.deleteFile;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ ownerId, mediaId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const file = await em.findOne(MediaFile, { id: mediaId, ownerId });
    if (!file) throw new DomainError('MEDIA_NOT_FOUND');
    await this.storage.delete(file.storageKey);
    await em.transactional(async (tx) => {
      await tx.nativeDelete(MediaFile, { id: file.id, ownerId });
      await tx.nativeDelete(Upload, { id: file.id, ownerId });
    });
    return { deleted: true };
  }
}
