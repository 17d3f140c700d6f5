import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { remoteImportRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import type { RequestHandler } from '@castbase/platform-messaging';
import { UploadPolicy } from '../uploads/upload-policy.js';
import { RemoteImportWorker } from './remote-import-worker.js';
import { RemoteImport } from './remote-import.entity.js';

type Plan = typeof remoteImportRequests.plan;
type Queue = typeof remoteImportRequests.queue;
type Progress = typeof remoteImportRequests.progress;

/** The owner's plan as media enforces it: episodes (PLAN_EPISODES) and bytes (PLAN_STORAGE_BYTES). */
@Injectable()
export class RemoteImportPlanHandler implements RequestHandler<Plan> {
  readonly definition = remoteImportRequests.plan;

  constructor(
    private readonly policy: UploadPolicy,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PLAN_EPISODES' | 'PLAN_STORAGE_BYTES'>,
  ) {}

  async handle({ ownerId }: ParsedRequestOf<Plan>): Promise<ReplyOf<Plan>> {
    return {
      episodesLimit: this.config.PLAN_EPISODES,
      storageBytesLimit: this.config.PLAN_STORAGE_BYTES,
      usedBytes: await this.policy.usedBytes(ownerId),
    };
  }
}

/**
 * Queues a copy of each file for the owner. The catalog asks it for a podcast it has just imported (it checked the
 * caller's role); each copy's file becomes the owner's, counted against their storage.
 */
@Injectable()
export class QueueRemoteImportsHandler implements RequestHandler<Queue> {
  readonly definition = remoteImportRequests.queue;

  constructor(
    private readonly em: EntityManager,
    private readonly worker: RemoteImportWorker,
  ) {}

  async handle({ ownerId, podcastId, files }: ParsedRequestOf<Queue>): Promise<ReplyOf<Queue>> {
    await this.em.fork().transactional(async (tx) => {
      for (const file of files) {
        const job = tx.create(RemoteImport, { ownerId, podcastId, ...file });
        this.worker.request(tx, job);
      }
      await tx.flush();
    });
    return { queued: files.length };
  }
}

/** The copies of a podcast's files, as far as they went (the owner's only: another owner's podcast has none). */
@Injectable()
export class RemoteImportProgressHandler implements RequestHandler<Progress> {
  readonly definition = remoteImportRequests.progress;

  constructor(private readonly em: EntityManager) {}

  async handle({ ownerId, podcastId }: ParsedRequestOf<Progress>): Promise<ReplyOf<Progress>> {
    const jobs = await this.em
      .fork()
      .find(
        RemoteImport,
        { ownerId, podcastId },
        { orderBy: { createdAt: 'asc' }, disableIdentityMap: true },
      );
    return {
      files: jobs.map((job) => ({
        targetId: job.targetId,
        purpose: job.purpose,
        status: job.status,
        bytesDone: job.bytesDone,
        bytesTotal: job.bytesTotal,
        error: job.error,
      })),
    };
  }
}
