import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainError, mediaRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { MediaFile } from '../files/media-file.entity.js';
import { ProcessingJob } from './processing-job.entity.js';
import { ProcessingQueue } from './processing-queue.js';

type Definition = typeof mediaRequests.retryJob;

/**
 * The creator's Retry on a failed job (its dead-letter record): the job is queued again from the start, and its
 * media file is processing again when it was the upload's own job. Only a failed job can be retried; a file whose
 * bytes were found unusable is gone and cannot.
 */
@Injectable()
export class RetryJobHandler implements RequestHandler<Definition> {
  readonly definition = mediaRequests.retryJob;

  constructor(
    private readonly em: EntityManager,
    private readonly queue: ProcessingQueue,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ ownerId, mediaId, jobId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (tx) => {
      const job = await tx.findOne(ProcessingJob, { id: jobId, mediaId, ownerId });
      const file = await tx.findOne(MediaFile, { id: mediaId, ownerId });
      if (!job || !file) throw new DomainError('JOB_NOT_FOUND');
      if (job.status !== 'failed') throw new DomainError('JOB_NOT_RETRYABLE');
      if (job.type.startsWith('process-')) {
        if (!(await this.originalExists(file)))
          throw new DomainError('JOB_NOT_RETRYABLE', 'The file was refused. Upload it again.');
        file.status = 'processing';
      }
      Object.assign(job, {
        status: 'queued',
        progress: 0,
        step: null,
        error: null,
        attempts: 0,
        updatedAt: new Date(),
      });
      await tx.flush();
      this.queue.request(tx, job);
      return job.toDto();
    });
  }

  private originalExists(file: MediaFile): Promise<boolean> {
    return this.storage.exists(file.originalKey);
  }
}
