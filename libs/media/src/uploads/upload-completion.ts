import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import {
  acceptedKinds,
  declaredKindOf,
  detectedKindProblem,
  DomainError,
  mediaEvents,
  type MediaFile as MediaFileDto,
  type ProcessingJobType,
} from '@castbase/contracts';
import { Outbox } from '@castbase/platform-messaging';
import { IMMUTABLE_CACHE_CONTROL, ObjectStorage } from '@castbase/platform-storage';
import { MediaFile } from '../files/media-file.entity.js';
import { toMediaFileReply } from '../files/media-file-reply.js';
import { detectMediaKind, detectTranscript, type DetectedMedia } from '../processing/index.js';
import { ProcessingJob } from '../processing-jobs/processing-job.entity.js';
import { ProcessingQueue } from '../processing-jobs/processing-queue.js';
import { mediaStorageKey } from './media-storage-key.js';
import { Upload } from './upload.entity.js';
import { storeId, type UploadStore } from './tus-server.js';

/** Enough of a file's start for magic numbers and container headers. */
const HEAD_BYTES = 4 * 1024 * 1024;

/**
 * Turns a finished upload into a media file: the kind is decided from the bytes, a file that is not what it says
 * or not what its purpose takes is refused with the spec's message and nothing of it is kept; otherwise the bytes
 * become the original in storage, and the media file (status `processing`) and its first job are recorded
 * together with `media.file.stored`, then the job is queued.
 */
@Injectable()
export class UploadCompletion {
  private readonly logger = new Logger(UploadCompletion.name);

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
    private readonly queue: ProcessingQueue,
  ) {}

  async complete(store: UploadStore, ownerId: string, uploadId: string): Promise<MediaFileDto> {
    const em = this.em.fork();
    const upload = await em.findOne(Upload, { id: uploadId, ownerId });
    if (!upload) throw new DomainError('UPLOAD_NOT_FOUND');
    if (upload.status === 'completed') return this.storedFile(em, upload.id);

    const detected = await this.detect(store, upload);
    const problem = detectedKindProblem(
      upload.purpose,
      declaredKindOf({ name: upload.fileName, type: upload.contentType }),
      detected?.kind ?? null,
      upload.sizeBytes,
    );
    if (problem || !detected) {
      await this.refuse(store, em, upload);
      throw new DomainError('UPLOAD_REFUSED', problem ?? undefined, { detected: detected?.format ?? null });
    }
    const originalKey = mediaStorageKey(ownerId, upload.id, upload.fileName);
    await this.keepOriginal(store, upload.id, originalKey, servedContentType(detected));
    // A transcript is stored as it is: nothing to process, so it is ready at once.
    const ready = detected.kind === 'text';
    await em.transactional(async (tx) => {
      const locked = await tx.findOneOrFail(Upload, upload.id, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
        refresh: true,
      });
      if (locked.status === 'completed') return;
      const file = tx.create(MediaFile, {
        id: locked.id,
        ownerId,
        purpose: locked.purpose,
        podcastId: locked.podcastId,
        kind: detected.kind,
        format: detected.format,
        status: ready ? 'ready' : 'processing',
        fileName: locked.fileName,
        mimeType: detected.mimeType,
        sizeBytes: locked.sizeBytes,
        originalKey,
        storageKey: originalKey,
      } as MediaFile);
      locked.status = 'completed';
      locked.storageKey = originalKey;
      locked.updatedAt = new Date();
      this.outbox.add(tx, mediaEvents.fileStored, { mediaId: file.id, ownerId, kind: file.kind });
      if (ready) {
        this.outbox.add(tx, mediaEvents.fileProcessed, {
          mediaId: file.id,
          ownerId,
          kind: file.kind,
          status: 'ready',
        });
        await tx.flush();
        return;
      }
      // The job refers to the file by a plain column: the file's row goes first.
      await tx.flush();
      const job = tx.create(ProcessingJob, {
        mediaId: file.id,
        ownerId,
        type: `process-${detected.kind}` as ProcessingJobType,
        params: detected.kind === 'audio' ? { normalize: locked.normalize } : null,
      } as ProcessingJob);
      await tx.flush();
      this.queue.request(tx, job);
    });
    await store.datastore
      .remove(storeId(upload.id, store.where))
      .catch((error: unknown) =>
        this.logger.warn(`Could not remove the received bytes of ${upload.id}: ${String(error)}`),
      );
    return this.storedFile(em.fork(), upload.id);
  }

  /**
   * The detected kind and format of the upload: for a purpose that takes text (transcripts, at most 20 MB) the whole
   * file is read as text first; otherwise, and when it is not text, its first bytes (magic numbers, then ffprobe).
   */
  private async detect(store: UploadStore, upload: Upload): Promise<DetectedMedia | null> {
    const takesText = acceptedKinds(upload.purpose).includes('text');
    const detectLocal = async (path: string) =>
      (takesText ? await detectTranscript(path) : null) ?? (await detectMediaKind(path));
    if (store.where === 'file') return detectLocal(store.locationOf(upload.id));
    const folder = await mkdtemp(join(tmpdir(), 'castbase-detect-'));
    try {
      const bytes = takesText ? Math.max(upload.sizeBytes, HEAD_BYTES) : HEAD_BYTES;
      const head = await this.storage.get(store.locationOf(upload.id), {
        range: { start: 0, end: bytes - 1 },
      });
      const chunks: Buffer[] = [];
      for await (const chunk of head.body) chunks.push(chunk as Buffer);
      const path = join(folder, 'upload');
      await writeFile(path, Buffer.concat(chunks));
      return await detectLocal(path);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Copies the received bytes into storage, where keys are never overwritten (long-cached). */
  private async keepOriginal(store: UploadStore, uploadId: string, key: string, contentType: string) {
    const options = { contentType, cacheControl: IMMUTABLE_CACHE_CONTROL };
    if (store.where === 'file') {
      await this.storage.putFile(key, store.locationOf(uploadId), options);
      return;
    }
    const object = await this.storage.get(store.locationOf(uploadId));
    await this.storage.put(key, object.body, options);
  }

  /** Nothing of a refused file is kept: its bytes go, its upload is marked refused. */
  private async refuse(store: UploadStore, em: EntityManager, upload: Upload): Promise<void> {
    await store.datastore.remove(storeId(upload.id, store.where)).catch(() => undefined);
    upload.status = 'refused';
    upload.updatedAt = new Date();
    await em.flush();
  }

  private async storedFile(em: EntityManager, id: string): Promise<MediaFileDto> {
    return toMediaFileReply(em, this.storage, await em.findOneOrFail(MediaFile, id));
  }
}

/** Text is served as UTF-8, which is what a transcript must be to be taken (browsers would guess otherwise). */
function servedContentType(detected: DetectedMedia): string {
  return detected.kind === 'text' ? `${detected.mimeType}; charset=utf-8` : detected.mimeType;
}
