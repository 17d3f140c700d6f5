import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  isImageTooLarge,
  MEDIA_MAX_BYTES,
  mediaEvents,
  mediaKindOf,
  mediaRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { toMediaFileReply } from '../files/media-file-reply.js';
import { MediaFile } from '../files/media-file.entity.js';
import { MediaProber } from '../probing/media-prober.js';
import { judgeProbe, type ProbeVerdict } from '../probing/probe-verdict.js';
import { Upload } from './upload.entity.js';

type Definition = typeof mediaRequests.completeUpload;
type Reply = ReplyOf<Definition>;
type ReadableMedia = Extract<ProbeVerdict, { readable: true }>;

/**
 * Turns a received upload into a media file: checks the object arrived, probes it with ffprobe, and stores
 * the media file together with `media.file.stored` (outbox). A file that is not what it was declared as (audio
 * or video; an image of the declared image type) is deleted and the upload refused. Completing an upload again
 * answers the same media file.
 */
@Injectable()
export class CompleteUploadHandler implements RequestHandler<Definition> {
  readonly definition = mediaRequests.completeUpload;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly prober: MediaProber,
    private readonly outbox: Outbox,
  ) {}

  async handle({ ownerId, uploadId }: ParsedRequestOf<Definition>): Promise<Reply> {
    const em = this.em.fork();
    const upload = await em.findOne(Upload, { id: uploadId, ownerId });
    if (!upload) throw new DomainError('MEDIA_NOT_FOUND');
    if (upload.status === 'completed') return this.storedFile(em, upload);
    if (upload.status === 'failed') throw alreadyRefused();

    const sizeBytes = await this.receivedSize(upload);
    const verdict = judgeProbe(upload.contentType, await this.prober.probeStoredObject(upload.storageKey));
    if (!verdict.readable) {
      await this.storage.delete(upload.storageKey);
      upload.status = 'failed';
      await em.flush();
      throw new DomainError(verdict.code, undefined, { reason: verdict.reason });
    }
    return em.transactional((tx) => this.store(tx, upload.id, sizeBytes, verdict));
  }

  /**
   * The stored object's real size: UPLOAD_FAILED when nothing arrived, IMAGE_TOO_LARGE for an image of 10 MB or
   * more, MEDIA_TOO_LARGE past 500 MB otherwise.
   */
  private async receivedSize(upload: Upload): Promise<number> {
    const head = await this.storage.head(upload.storageKey);
    if (!head) {
      throw new DomainError('UPLOAD_FAILED', 'Upload failed', { reason: missingObjectReason(upload) });
    }
    const isImage = mediaKindOf(upload.contentType) === 'image';
    const tooLarge = isImage ? isImageTooLarge(head.contentLength) : head.contentLength > MEDIA_MAX_BYTES;
    if (tooLarge) {
      // Signed PUTs do not bind the size; the upload stays pending so the right file can be sent again.
      await this.storage.delete(upload.storageKey);
      throw new DomainError(isImage ? 'IMAGE_TOO_LARGE' : 'MEDIA_TOO_LARGE');
    }
    return head.contentLength;
  }

  private async store(
    tx: EntityManager,
    uploadId: string,
    sizeBytes: number,
    verdict: ReadableMedia,
  ): Promise<Reply> {
    // Two completions at once: the second waits here, then finds the first one's media file.
    const upload = await tx.findOneOrFail(Upload, uploadId, {
      lockMode: LockMode.PESSIMISTIC_WRITE,
      refresh: true,
    });
    if (upload.status === 'completed') return this.storedFile(tx, upload);
    if (upload.status === 'failed') throw alreadyRefused();
    const file = new MediaFile();
    file.id = upload.id;
    file.ownerId = upload.ownerId;
    file.kind = verdict.kind;
    file.fileName = upload.fileName;
    file.mimeType = upload.contentType;
    file.sizeBytes = sizeBytes;
    file.durationSeconds = verdict.durationSeconds;
    file.bitrate = verdict.bitrate;
    file.width = verdict.width;
    file.height = verdict.height;
    file.storageKey = upload.storageKey;
    upload.status = 'completed';
    tx.persist(file);
    this.outbox.add(tx, mediaEvents.fileStored, { mediaId: file.id, ownerId: file.ownerId, kind: file.kind });
    await tx.flush();
    return toMediaFileReply(this.storage, file);
  }

  private async storedFile(em: EntityManager, upload: Upload): Promise<Reply> {
    return toMediaFileReply(this.storage, await em.findOneOrFail(MediaFile, upload.id));
  }
}

function alreadyRefused(): DomainError {
  return new DomainError('MEDIA_UNREADABLE', undefined, {
    reason: 'this upload was already refused: upload the file again',
  });
}

function missingObjectReason(upload: Upload): string {
  return upload.expiresAt.getTime() < Date.now()
    ? 'No file was received before the upload link expired. Start a new upload.'
    : 'No file was received for this upload. Send the file to the upload link, then complete the upload.';
}
