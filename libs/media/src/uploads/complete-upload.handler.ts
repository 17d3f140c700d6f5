import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainError, MEDIA_MAX_BYTES, mediaEvents, mediaRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { toMediaFileReply } from '../files/media-file-reply.js';
import { MediaFile } from '../files/media-file.entity.js';
import { MediaProber } from '../probing/media-prober.js';
import { judgeProbe } from '../probing/probe-verdict.js';
import { Upload } from './upload.entity.js';

type Definition = typeof mediaRequests.completeUpload;
type Reply = ReplyOf<Definition>;

/**
 * Turns a received upload into a media file: checks the object arrived, probes it with ffprobe, and stores
 * the media file together with `media.file.stored` (outbox). A file that is not audio or video is deleted and
 * the upload refused. Completing an upload again answers the same media file.
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
    if (upload.status === 'failed') throw unreadable('this upload was already refused: upload the file again');

    const head = await this.storage.head(upload.storageKey);
    if (!head) throw new DomainError('UPLOAD_FAILED', 'Upload failed', { reason: missingObjectReason(upload) });
    if (head.contentLength > MEDIA_MAX_BYTES) {
      // Signed PUTs do not bind the size; the upload stays pending so the right file can be sent again.
      await this.storage.delete(upload.storageKey);
      throw new DomainError('MEDIA_TOO_LARGE');
    }

    const verdict = judgeProbe(upload.contentType, await this.prober.probeStoredObject(upload.storageKey));
    if (!verdict.readable) {
      await this.storage.delete(upload.storageKey);
      upload.status = 'failed';
      await em.flush();
      throw unreadable(verdict.reason);
    }

    return em.transactional(async (tx) => {
      // Two completions at once: the second waits here, then finds the first one's media file.
      const locked = await tx.findOneOrFail(Upload, upload.id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (locked.status === 'completed') return this.storedFile(tx, locked);
      if (locked.status === 'failed') throw unreadable('this upload was already refused: upload the file again');
      const file = new MediaFile();
      file.id = locked.id;
      file.ownerId = locked.ownerId;
      file.kind = verdict.kind;
      file.fileName = locked.fileName;
      file.mimeType = locked.contentType;
      file.sizeBytes = head.contentLength;
      file.durationSeconds = verdict.durationSeconds;
      file.bitrate = verdict.bitrate;
      file.storageKey = locked.storageKey;
      locked.status = 'completed';
      tx.persist(file);
      await this.outbox.add(tx, mediaEvents.fileStored, { mediaId: file.id, ownerId: file.ownerId, kind: file.kind });
      await tx.flush();
      return toMediaFileReply(this.storage, file);
    });
  }

  private async storedFile(em: EntityManager, upload: Upload): Promise<Reply> {
    return toMediaFileReply(this.storage, await em.findOneOrFail(MediaFile, upload.id));
  }
}

function unreadable(reason: string): DomainError {
  return new DomainError('MEDIA_UNREADABLE', undefined, { reason });
}

function missingObjectReason(upload: Upload): string {
  return upload.expiresAt.getTime() < Date.now()
    ? 'No file was received before the upload link expired. Start a new upload.'
    : 'No file was received for this upload. Send the file to the upload link, then complete the upload.';
}
