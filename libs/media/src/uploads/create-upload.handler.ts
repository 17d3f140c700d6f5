import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { mediaRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { mediaStorageKey } from './media-storage-key.js';
import { Upload } from './upload.entity.js';

type Definition = typeof mediaRequests.createUpload;

/** A 500 MB file on a slow connection takes far longer than the 60 s default of signed URLs. */
export const UPLOAD_URL_LIFETIME_SECONDS = 3600;

/** Records a pending upload and hands out a signed URL the browser PUTs the file to, straight into storage. */
@Injectable()
export class CreateUploadHandler implements RequestHandler<Definition> {
  readonly definition = mediaRequests.createUpload;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  /** The bus has already validated `input` (type, 500 MB limit) against the contract: VALIDATION_FAILED otherwise. */
  async handle({ ownerId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const { fileName, contentType, sizeBytes } = input;
    const upload = new Upload();
    upload.ownerId = ownerId;
    upload.fileName = fileName;
    upload.contentType = contentType;
    upload.sizeBytes = sizeBytes;
    upload.storageKey = mediaStorageKey(ownerId, upload.id, fileName);
    const signed = await this.storage.signedPutUrl(upload.storageKey, {
      contentType,
      expiresInSeconds: UPLOAD_URL_LIFETIME_SECONDS,
    });
    upload.expiresAt = signed.expiresAt;
    await this.em.fork().persist(upload).flush();
    return {
      uploadId: upload.id,
      method: 'PUT',
      uploadUrl: signed.url,
      headers: { 'Content-Type': contentType },
      expiresAt: signed.expiresAt.toISOString(),
    };
  }
}
