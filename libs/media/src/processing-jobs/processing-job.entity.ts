import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { ProcessingJob as ProcessingJobDto, ProcessingJobType } from '@castbase/contracts';

export type ProcessingJobStatus = ProcessingJobDto['status'];

/**
 * One processing job of a media file, as the creator sees it: queued, running (with progress and step), succeeded,
 * or failed for good — the dead-letter record, with the reason — which the creator can retry.
 */
@Entity({ tableName: 'processing_jobs' })
export class ProcessingJob {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  mediaId!: string;

  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'text' })
  type!: ProcessingJobType;

  @Property({ type: 'text' })
  status: ProcessingJobStatus = 'queued';

  @Property({ type: 'real' })
  progress = 0;

  @Property({ type: 'text', nullable: true })
  step: string | null = null;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'jsonb', nullable: true })
  params: Record<string, unknown> | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();

  toDto(): ProcessingJobDto {
    return {
      id: this.id,
      type: this.type,
      status: this.status,
      progress: Math.min(1, Math.max(0, this.progress)),
      step: this.step,
      attempts: this.attempts,
      error: this.error,
      params: this.params,
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
