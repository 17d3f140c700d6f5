import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  feedImportMessages,
  IMPORT_MEDIA_TIMEOUT_MS,
  isDomainError,
  mediaEvents,
  remoteImportEvents,
} from '@castbase/contracts';
import { MessageBus, Outbox, type BusSubscription } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { MediaFile } from '../files/media-file.entity.js';
import { CopyRemoteFile, storedMedia, type CopiedFile } from './copy-remote-file.js';
import { RemoteImport } from './remote-import.entity.js';
import { requestStaleWork } from '../processing-jobs/stale-work.js';

/** Copies one process makes at once: most of a copy is waiting on the network, ffprobe and storage. */
const CONCURRENT_COPIES = 3;
/** Deliveries of a copy that failed for a reason other than the file itself (storage, the database) before it fails. */
const MAX_ATTEMPTS = 3;
const RETRY_DELAY_MS = 5_000;
/** A queued copy not started for this long was lost between the database and the bus: it is requested again. */
const STALE_QUEUED_MS = 60_000;
/** A copy whose bytes have not moved for this long lost its process: it is requested again. */
const STALE_COPYING_MS = 5 * 60_000;

/**
 * Media's queue of copies from other hosts, like its processing queue: each copy is requested by
 * `media.remote-import.requested` written through the outbox with its row, the durable consumer
 * `media-remote-imports` gives it to one replica, and a copy a stopped process left behind is requested again. A
 * copy ends with its media file (ready, as an upload is after processing) and `media.remote-import.finished` in one
 * transaction, or failed with the reason the creator sees; either way the others go on.
 */
@Injectable()
export class RemoteImportWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RemoteImportWorker.name);
  private subscriptions: BusSubscription[] = [];
  private staleSweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    private readonly outbox: Outbox,
    private readonly copier: CopyRemoteFile,
    private readonly storage: ObjectStorage,
  ) {}

  /** Requests `job` in the transaction `tx` that records it. */
  request(tx: EntityManager, job: RemoteImport): void {
    this.outbox.add(tx, remoteImportEvents.requested, { remoteImportId: job.id });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Each member of the durable consumer takes one copy at a time.
    for (let member = 0; member < CONCURRENT_COPIES; member++)
      this.subscriptions.push(await this.consumeCopies());
    await this.requestStale();
    this.staleSweep = setInterval(
      () => void this.requestStale().catch((error: unknown) => this.logger.warn(String(error))),
      STALE_QUEUED_MS,
    ).unref();
  }

  private consumeCopies(): Promise<BusSubscription> {
    return this.bus.consume(
      'media-remote-imports',
      [remoteImportEvents.requested],
      async ({ payload }, { deliveryAttempt }) => this.work(payload.remoteImportId, deliveryAttempt),
      {
        maxDeliver: MAX_ATTEMPTS,
        redeliveryDelayMs: RETRY_DELAY_MS,
        ackWaitMs: IMPORT_MEDIA_TIMEOUT_MS + 60_000,
        onExhausted: (envelope, error) => {
          const id = (envelope.payload as { remoteImportId?: string }).remoteImportId;
          if (id) void this.fail(id, reasonOf(error)).catch((e: unknown) => this.logger.error(e));
        },
      },
    );
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.staleSweep);
    await Promise.all(this.subscriptions.map((subscription) => subscription.stop()));
  }

  private async work(id: string, attempt: number): Promise<void> {
    const em = this.em.fork();
    // Taken when queued, or when a stopped process left it copying: never by two replicas at once.
    const taken = await em.nativeUpdate(
      RemoteImport,
      {
        id,
        $or: [
          { status: 'queued' },
          { status: 'copying', updatedAt: { $lt: new Date(Date.now() - STALE_COPYING_MS) } },
        ],
      },
      { status: 'copying', bytesDone: 0, updatedAt: new Date() },
    );
    if (taken === 0) return;
    const job = await em.findOneOrFail(RemoteImport, id);
    try {
      const file = await this.copier.copy(job, (bytesDone, bytesTotal) =>
        em
          .nativeUpdate(RemoteImport, { id }, { bytesDone, bytesTotal, updatedAt: new Date() })
          .then(() => undefined),
      );
      await this.succeed(job, file);
    } catch (error) {
      // The file itself, or its host, decided it: no retry changes that.
      if (isDomainError(error) || attempt >= MAX_ATTEMPTS) {
        await this.fail(
          id,
          isDomainError(error) ? error.message : feedImportMessages.copyFailed(reasonOf(error)),
        );
        return;
      }
      this.logger.warn(`Copy ${id} failed on attempt ${attempt}: ${reasonOf(error)}`);
      await em.nativeUpdate(RemoteImport, { id }, { status: 'queued', updatedAt: new Date() });
      throw error;
    }
  }

  private async succeed(job: RemoteImport, file: CopiedFile): Promise<void> {
    const recorded = await this.em.fork().transactional(async (tx) => {
      // The row is gone when the owner's account was erased during the copy: nothing of it is kept.
      const stillWanted = await tx.nativeUpdate(
        RemoteImport,
        { id: job.id, status: 'copying' },
        {
          status: 'ready',
          mediaId: file.mediaId,
          bytesDone: file.sizeBytes,
          bytesTotal: file.sizeBytes,
          error: null,
          updatedAt: new Date(),
        },
      );
      if (stillWanted === 0) return false;
      tx.create(MediaFile, {
        id: file.mediaId,
        ownerId: job.ownerId,
        purpose: job.purpose,
        podcastId: job.podcastId,
        kind: file.kind,
        format: file.format,
        status: 'ready',
        fileName: file.fileName,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        durationSeconds: file.durationSeconds,
        bitrate: file.bitrate,
        width: file.width,
        height: file.height,
        originalKey: file.storageKey,
        storageKey: file.storageKey,
      } as MediaFile);
      const fact = { mediaId: file.mediaId, ownerId: job.ownerId, kind: file.kind };
      this.outbox.add(tx, mediaEvents.fileStored, fact);
      this.outbox.add(tx, mediaEvents.fileProcessed, { ...fact, status: 'ready' });
      this.outbox.add(tx, remoteImportEvents.finished, {
        remoteImportId: job.id,
        ownerId: job.ownerId,
        podcastId: job.podcastId,
        targetId: job.targetId,
        purpose: job.purpose,
        status: 'ready',
        media: storedMedia(file),
        error: null,
      });
      return true;
    });
    if (!recorded) await this.storage.delete(file.storageKey).catch(() => undefined);
  }

  private async fail(id: string, reason: string): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const job = await tx.findOne(RemoteImport, id);
      if (!job || job.status === 'ready' || job.status === 'failed') return;
      job.status = 'failed';
      job.error = reason;
      job.updatedAt = new Date();
      this.outbox.add(tx, remoteImportEvents.finished, {
        remoteImportId: job.id,
        ownerId: job.ownerId,
        podcastId: job.podcastId,
        targetId: job.targetId,
        purpose: job.purpose,
        status: 'failed',
        media: null,
        error: reason,
      });
      await tx.flush();
    });
  }

  /** Requests again the copies a stopped process left queued or copying (every minute, and at start). */
  private async requestStale(): Promise<void> {
    await requestStaleWork(
      this.em.fork(),
      RemoteImport,
      { activeStatus: 'copying', queuedMs: STALE_QUEUED_MS, activeMs: STALE_COPYING_MS },
      (tx, job) => this.request(tx, job),
    );
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
