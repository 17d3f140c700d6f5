import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  DomainError,
  mediaRequests,
  videoRenderMessages,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { MediaFile } from '../files/media-file.entity.js';
import { ProcessingJob } from './processing-job.entity.js';
import { ProcessingQueue } from './processing-queue.js';

type Definition = typeof mediaRequests.renderVideo;

const OPERATION_JOB = { trim: 'video-trim', export: 'video-export', short: 'video-short' } as const;

/** Queues a trim, an export preset or a vertical short of one of the caller's ready videos. */
@Injectable()
export class RenderVideoHandler implements RequestHandler<Definition> {
  readonly definition = mediaRequests.renderVideo;

  constructor(
    private readonly em: EntityManager,
    private readonly queue: ProcessingQueue,
  ) {}

  async handle({ ownerId, mediaId, render }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (tx) => {
      const file = await tx.findOne(MediaFile, { id: mediaId, ownerId });
      if (!file) throw new DomainError('MEDIA_NOT_FOUND');
      if (file.kind !== 'video') {
        throw new DomainError('VALIDATION_FAILED', videoRenderMessages.notVideo);
      }
      if (file.status !== 'ready') {
        throw new DomainError('VALIDATION_FAILED', videoRenderMessages.notReady);
      }
      if (render.operation !== 'export' && render.startSeconds >= file.durationSeconds) {
        throw new DomainError('VALIDATION_FAILED', videoRenderMessages.startPastEnd);
      }
      const job = new ProcessingJob();
      job.mediaId = mediaId;
      job.ownerId = ownerId;
      job.type = OPERATION_JOB[render.operation];
      job.params = { ...render };
      tx.persist(job);
      await tx.flush();
      this.queue.request(tx, job);
      return job.toDto();
    });
  }
}
