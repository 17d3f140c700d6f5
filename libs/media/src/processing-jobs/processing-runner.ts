import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { mediaEvents } from '@castbase/contracts';
import { Outbox } from '@castbase/platform-messaging';
import { IMMUTABLE_CACHE_CONTROL, ObjectStorage } from '@castbase/platform-storage';
import { MediaFile } from '../files/media-file.entity.js';
import { deleteInBatches } from '../files/delete-in-batches.js';
import { MediaOutput } from '../files/media-output.entity.js';
import { ProcessingJob } from './processing-job.entity.js';

/** Progress is written at most this often, so a transcode does not flood the database. */
const PROGRESS_WRITE_MS = 750;
/** How often a running job's row is touched, whatever its step reports (well under the stale sweep's 5 min). */
export const JOB_HEARTBEAT_MS = 60_000;

/** A file a job made, to be stored as an output of the media file. */
export interface ProducedFile {
  role: string;
  path: string;
  fileName: string;
  mimeType: string;
  width?: number | null;
  height?: number | null;
  bitrate?: number | null;
  durationSeconds?: number | null;
}

/** What a job step may do: report progress, and store the files it made. */
export interface JobWorkspace {
  job: ProcessingJob;
  file: MediaFile;
  /**
   * The original, copied to a local file (ffmpeg and sharp need one); for a job on the served file (tagging an
   * episode's MP3), that file instead.
   */
  originalPath: string;
  /** A folder of the job's own, removed when the job ends. */
  folder: string;
  progress(fraction: number, step?: string): void;
  store(produced: ProducedFile): Promise<MediaOutput>;
  /** Aborted when the process stops: ffmpeg is killed and the job is left for another delivery. */
  signal: AbortSignal;
}

/** The media file was deleted while its job ran: the job ends quietly, keeping nothing. */
export class MediaFileGoneError extends Error {
  constructor(readonly mediaId: string) {
    super(`Media file ${mediaId} was deleted while it was processed`);
  }
}

/**
 * The frame every processing job runs in: the job row goes `running` (attempt counted), the original is fetched to
 * a temporary folder, the step's progress reaches the row (and through it the creator's progress stream), the
 * files it makes are stored under the media file's folder with long-cache headers, and the folder is removed
 * whatever happens.
 */
@Injectable()
export class ProcessingRunner {
  private readonly logger = new Logger(ProcessingRunner.name);

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  /** Null when the job is gone (its file was deleted) or already succeeded: nothing to do. */
  async start(jobId: string, attempt: number): Promise<{ job: ProcessingJob; file: MediaFile } | null> {
    const em = this.em.fork();
    const job = await em.findOne(ProcessingJob, jobId);
    if (!job || job.status === 'succeeded') return null;
    const file = await em.findOne(MediaFile, job.mediaId);
    if (!file) return null;
    job.status = 'running';
    job.attempts = attempt;
    job.error = null;
    job.updatedAt = new Date();
    await em.flush();
    return { job, file };
  }

  /**
   * Runs `step` in the job's frame on a local copy of `sourceKey` (the original by default); the row is touched every
   * `heartbeatMs` whatever the step reports.
   */
  async run<T>(
    job: ProcessingJob,
    file: MediaFile,
    step: (workspace: JobWorkspace) => Promise<T>,
    signal: AbortSignal,
    heartbeatMs = JOB_HEARTBEAT_MS,
    sourceKey = file.originalKey,
  ): Promise<T> {
    const folder = await mkdtemp(join(tmpdir(), 'castbase-job-'));
    let lastWrite = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const progress = (fraction: number, stepName?: string) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS && fraction < 1 && stepName === undefined) return;
      lastWrite = now;
      const update = {
        progress: Math.min(1, Math.max(0, fraction)),
        updatedAt: new Date(),
        ...(stepName !== undefined ? { step: stepName } : {}),
      };
      pending = pending
        .then(() => this.em.fork().nativeUpdate(ProcessingJob, { id: job.id, status: 'running' }, update))
        .catch((error: unknown) => this.logger.warn(`Progress of job ${job.id}: ${String(error)}`));
    };
    // A step that reports nothing for minutes (loudness of a long video) still shows it is alive: the stale sweep
    // requests again only running jobs whose row has not moved for STALE_RUNNING_MS.
    const heartbeat = setInterval(() => {
      pending = pending
        .then(() =>
          this.em
            .fork()
            .nativeUpdate(ProcessingJob, { id: job.id, status: 'running' }, { updatedAt: new Date() }),
        )
        .catch((error: unknown) => this.logger.warn(`Heartbeat of job ${job.id}: ${String(error)}`));
    }, heartbeatMs).unref();
    try {
      const originalPath = join(folder, 'original');
      progress(0, 'Fetching the upload');
      // On filesystem storage a link to the stored bytes, not a copy of a file that may be 2 GB.
      await this.storage.getFile(sourceKey, originalPath, { signal });
      const workspace: JobWorkspace = {
        job,
        file,
        originalPath,
        folder,
        progress,
        store: (produced) => this.storeOutput(file, job, produced),
        signal,
      };
      return await step(workspace);
    } finally {
      clearInterval(heartbeat);
      await pending;
      await rm(folder, { recursive: true, force: true });
    }
  }

  /**
   * Stores a produced file under the media file's folder, at a key of its own (`{role}-{token}/{file name}`:
   * stored keys are cached as immutable, so a re-run never overwrites one), records it, and removes the object of
   * the output it replaces. When the media file was deleted meanwhile, nothing of the output is kept.
   */
  private async storeOutput(
    file: MediaFile,
    job: ProcessingJob,
    produced: ProducedFile,
  ): Promise<MediaOutput> {
    const folder = file.originalKey.slice(0, file.originalKey.lastIndexOf('/'));
    const key = `${folder}/${produced.role}-${randomUUID().slice(0, 8)}/${produced.fileName}`;
    const { size } = await stat(produced.path);
    await this.storage.put(key, createReadStream(produced.path), {
      contentType: produced.mimeType,
      cacheControl: IMMUTABLE_CACHE_CONTROL,
    });
    const output = Object.assign(new MediaOutput(), {
      mediaId: file.id,
      role: produced.role,
      storageKey: key,
      mimeType: produced.mimeType,
      sizeBytes: size,
      width: produced.width ?? null,
      height: produced.height ?? null,
      bitrate: produced.bitrate ?? null,
      durationSeconds: produced.durationSeconds ?? null,
      jobId: job.type.startsWith('video-') ? job.id : null,
    });
    const replaced = await this.em.fork().transactional(async (tx) => {
      if (!(await tx.findOne(MediaFile, file.id, { lockMode: LockMode.PESSIMISTIC_READ }))) return null;
      const previous = await tx.find(MediaOutput, { mediaId: file.id, role: produced.role });
      tx.remove(previous).persist(output);
      return previous.map((old) => old.storageKey);
    });
    if (replaced === null) {
      await this.storage.delete(key);
      throw new MediaFileGoneError(file.id);
    }
    await deleteInBatches(this.storage, replaced);
    return output;
  }

  /**
   * The job succeeded; for the upload's own job the media file becomes `ready` with what the step found. The file's
   * row is locked before the job's, the order deleting the file takes them (the file, then its jobs by cascade):
   * the other order deadlocks when the creator deletes the file as its job ends.
   */
  async succeed(job: ProcessingJob, changes: Partial<MediaFile> | null): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const file =
        changes === null
          ? null
          : await tx.findOne(MediaFile, job.mediaId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      await tx.nativeUpdate(
        ProcessingJob,
        { id: job.id },
        { status: 'succeeded', progress: 1, step: null, error: null, updatedAt: new Date() },
      );
      if (!file) return;
      Object.assign(file, changes, { status: 'ready' });
      this.outbox.add(tx, mediaEvents.fileProcessed, {
        mediaId: file.id,
        ownerId: file.ownerId,
        kind: file.kind,
        status: 'ready',
      });
    });
  }

  /** The process stopped during the job: it waits, queued, for its next delivery (or the stale-job sweep). */
  async interrupted(jobId: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(
        ProcessingJob,
        { id: jobId, status: 'running' },
        { status: 'queued', updatedAt: new Date() },
      );
  }

  /** An attempt failed and will be retried: the reason is kept until the next attempt starts. */
  async attemptFailed(jobId: string, reason: string): Promise<void> {
    await this.em
      .fork()
      .nativeUpdate(ProcessingJob, { id: jobId }, { status: 'queued', error: reason, updatedAt: new Date() });
  }

  /**
   * The dead-letter record: the job failed for good with its reason, shown to the creator with a Retry. When it
   * was the upload's own job, the media file is `failed`; when the bytes turned out unusable (`discard`), nothing of
   * them is kept.
   */
  async fail(jobId: string, reason: string, discard: boolean): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const job = await tx.findOne(ProcessingJob, jobId);
      if (!job) return;
      const isUploadJob = job.type.startsWith('process-');
      // The file's row before the job's, as in succeed().
      const file = isUploadJob
        ? await tx.findOne(MediaFile, job.mediaId, { lockMode: LockMode.PESSIMISTIC_WRITE })
        : null;
      await tx.nativeUpdate(
        ProcessingJob,
        { id: jobId },
        { status: 'failed', error: reason, step: null, updatedAt: new Date() },
      );
      if (!file) return;
      file.status = 'failed';
      if (discard) {
        await this.storage.delete(file.originalKey).catch(() => undefined);
        // Nothing of it is kept, so nothing of it counts against the plan's storage.
        file.sizeBytes = 0;
      }
      this.outbox.add(tx, mediaEvents.fileProcessed, {
        mediaId: file.id,
        ownerId: file.ownerId,
        kind: file.kind,
        status: 'failed',
      });
    });
  }
}
