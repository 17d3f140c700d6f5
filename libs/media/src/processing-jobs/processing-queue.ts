import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnModuleDestroy, type OnApplicationBootstrap } from '@nestjs/common';
import { mediaEvents } from '@castbase/contracts';
import { MessageBus, Outbox, type BusSubscription } from '@castbase/platform-messaging';
import { isProcessingError } from '../processing/index.js';
import { MediaSteps } from './media-steps.js';
import { ProcessingJob } from './processing-job.entity.js';
import { JOB_HEARTBEAT_MS, MediaFileGoneError, ProcessingRunner } from './processing-runner.js';
import { TagEpisodeAudioStep } from './tag-episode-audio.step.js';
import { requestStaleWork } from './stale-work.js';

/** Attempts of a job before it is dead-lettered. */
export const MAX_JOB_ATTEMPTS = 4;
/** First retry after 5 s, then 10, 20 (the bus doubles the delay). */
const RETRY_DELAY_MS = 5_000;
/**
 * How long a job may run before the bus hands it to another replica: the longest transcode (a 2 GB video's export)
 * fits, and a crashed replica's job is taken up again after it.
 */
const JOB_ACK_WAIT_MS = 60 * 60_000;
/**
 * A queued job that has not started for this long was lost between the database and the bus (a process stopped
 * before its outbox row went out, or while the job ran): it is requested again. Retries wait 20 s at most.
 */
const STALE_QUEUED_MS = 60_000;
/** A running job whose progress has not moved for this long lost its process: it is requested again. */
const STALE_RUNNING_MS = 5 * 60_000;

/** Refusals that no retry can change: the file itself is not usable for its purpose. */
const PERMANENT = new Set([
  'MEDIA_UNREADABLE',
  'TRIM_RANGE_INVALID',
  'SHORT_RANGE_INVALID',
  'CHAPTERS_INVALID',
  'ARTWORK_SIZE_INVALID',
  'ARTWORK_FORMAT_INVALID',
  'ARTWORK_COLOUR_SPACE_INVALID',
]);

/**
 * Media's work queue. A job is requested by `media.job.requested`, written through the outbox in the transaction
 * that records the job, so a job is never lost between the database and the bus; the bus's durable consumer
 * `media-processing` gives each job to one media replica (in-process: to this process), redelivers it with backoff
 * when it fails, and gives up after {@link MAX_JOB_ATTEMPTS}: the job row is then the dead-letter record, with the
 * reason, that the creator sees and can retry. A refusal no retry can change (unreadable bytes, artwork of the
 * wrong size) is dead-lettered at once.
 */
@Injectable()
export class ProcessingQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ProcessingQueue.name);
  private subscription: BusSubscription | undefined;
  private readonly stopping = new AbortController();
  private staleSweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    private readonly outbox: Outbox,
    private readonly runner: ProcessingRunner,
    private readonly steps: MediaSteps,
    private readonly tagEpisodeAudio: TagEpisodeAudioStep,
  ) {}

  /** Requests `job` in the transaction `tx` that records it. */
  request(tx: EntityManager, job: ProcessingJob): void {
    this.outbox.add(tx, mediaEvents.jobRequested, { jobId: job.id, mediaId: job.mediaId });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.consume(
      'media-processing',
      [mediaEvents.jobRequested],
      async ({ payload }, { deliveryAttempt }) => this.work(payload.jobId, deliveryAttempt),
      {
        maxDeliver: MAX_JOB_ATTEMPTS,
        redeliveryDelayMs: RETRY_DELAY_MS,
        ackWaitMs: JOB_ACK_WAIT_MS,
        onExhausted: (envelope, error) => {
          const jobId = (envelope.payload as { jobId?: string }).jobId;
          if (jobId)
            void this.runner.fail(jobId, reasonOf(error), false).catch((e: unknown) => this.logger.error(e));
        },
      },
    );
    await this.requestStaleJobs();
    this.staleSweep = setInterval(
      () => void this.requestStaleJobs().catch((error: unknown) => this.logger.warn(String(error))),
      STALE_QUEUED_MS,
    ).unref();
  }

  /**
   * Stopping kills the running job's ffmpeg at once (before the bus, which waits for the delivery, closes); the job
   * is queued again for its next delivery.
   */
  onModuleDestroy(): void {
    clearInterval(this.staleSweep);
    this.stopping.abort(new Error('The media service is stopping'));
  }

  /** One delivery of a job: run it, or dead-letter it when the file cannot be used; any other failure retries. */
  private async work(jobId: string, attempt: number): Promise<void> {
    const started = await this.runner.start(jobId, attempt);
    if (!started) return;
    const { job, file } = started;
    try {
      if (job.type.startsWith('process-')) {
        const changes = await this.runner.run(
          job,
          file,
          (workspace) => this.steps.processUpload(file.kind, workspace),
          this.stopping.signal,
        );
        await this.runner.succeed(job, changes);
      } else if (job.type === 'tag-episode-audio') {
        // On the published MP3 (the file's served key), not the original upload.
        await this.runner.run(
          job,
          file,
          (workspace) => this.tagEpisodeAudio.run(workspace),
          this.stopping.signal,
          JOB_HEARTBEAT_MS,
          file.storageKey,
        );
        await this.runner.succeed(job, null);
      } else {
        await this.runner.run(
          job,
          file,
          (workspace) => this.steps.renderVideo(workspace),
          this.stopping.signal,
        );
        await this.runner.succeed(job, null);
      }
    } catch (error) {
      if (error instanceof MediaFileGoneError) return;
      if (this.stopping.signal.aborted) {
        await this.runner.interrupted(jobId).catch(() => undefined);
        throw error;
      }
      if (isProcessingError(error) && PERMANENT.has(error.code)) {
        await this.runner.fail(jobId, error.message, error.code === 'MEDIA_UNREADABLE');
        return;
      }
      this.logger.warn(`Job ${jobId} (${job.type}) failed on attempt ${attempt}: ${reasonOf(error)}`);
      if (attempt < MAX_JOB_ATTEMPTS) await this.runner.attemptFailed(jobId, reasonOf(error));
      throw error;
    }
  }

  /** Requests again the jobs a stopped process left queued or running (every minute, and at start). */
  private async requestStaleJobs(): Promise<void> {
    await requestStaleWork(
      this.em.fork(),
      ProcessingJob,
      { activeStatus: 'running', queuedMs: STALE_QUEUED_MS, activeMs: STALE_RUNNING_MS },
      (tx, job) => this.request(tx, job),
    );
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
