import { randomUUID } from 'node:crypto';
import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { MediaOutput as MediaOutputDto } from '@castbase/contracts';

/** A stored file derived from an upload: the published MP3, the peaks, an image variant, a video output. */
@Entity({ tableName: 'media_outputs' })
export class MediaOutput {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  mediaId!: string;

  /** 'published', 'peaks', 'thumbnail', 'compressed', 'variant-1400', 'export-720p', 'trim-{job}', 'short-{job}'. */
  @Property({ type: 'text' })
  role!: string;

  @Property({ type: 'text' })
  storageKey!: string;

  @Property({ type: 'text' })
  mimeType!: string;

  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  @Property({ type: 'integer', nullable: true })
  width: number | null = null;

  @Property({ type: 'integer', nullable: true })
  height: number | null = null;

  @Property({ type: 'integer', nullable: true })
  bitrate: number | null = null;

  @Property({ type: 'integer', nullable: true })
  durationSeconds: number | null = null;

  @Property({ type: 'uuid', nullable: true })
  jobId: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  toDto(url: string): MediaOutputDto {
    return {
      role: this.role,
      url,
      mimeType: this.mimeType,
      sizeBytes: this.sizeBytes,
      width: this.width,
      height: this.height,
      bitrate: this.bitrate,
      durationSeconds: this.durationSeconds,
      jobId: this.jobId,
    };
  }
}
