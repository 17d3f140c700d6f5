import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type {
  Loudness,
  MediaFile as MediaFileDto,
  MediaKind,
  MediaOutput as MediaOutputDto,
  MediaStatus,
  ProcessingJob as ProcessingJobDto,
  UploadPurpose,
} from '@castbase/contracts';

/**
 * An uploaded file whose bytes were found to be audio, video or an image of an accepted format. `processing` until
 * its jobs made the published file (the MP3 podcast apps download, the image variants); `ready` then, or `failed`
 * with the reason on its job.
 */
@Entity({ tableName: 'media_files' })
export class MediaFile {
  /** The id of the upload it came from. */
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'text' })
  purpose!: UploadPurpose;

  @Property({ type: 'uuid', nullable: true })
  podcastId: string | null = null;

  /** Decided from the bytes (magic numbers, then ffprobe), never from the name or the declared type. */
  @Property({ type: 'text' })
  kind!: MediaKind;

  /** 'mp3', 'wav', 'png', 'mp4', ... as detected. */
  @Property({ type: 'text' })
  format!: string;

  @Property({ type: 'text' })
  status: MediaStatus = 'processing';

  @Property({ type: 'text' })
  fileName!: string;

  /** Of the served file: the original's detected type, then the published file's. */
  @Property({ type: 'text' })
  mimeType!: string;

  /** Of the original upload, as received (not as declared). */
  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  /** Rounded to whole seconds, as feeds (itunes:duration) and players show it; 0 for images. */
  @Property({ type: 'integer' })
  durationSeconds = 0;

  /** Bits per second of the original, when ffprobe could tell. */
  @Property({ type: 'integer', nullable: true })
  bitrate: number | null = null;

  @Property({ type: 'text', nullable: true })
  codec: string | null = null;

  @Property({ type: 'integer', nullable: true })
  sampleRate: number | null = null;

  @Property({ type: 'integer', nullable: true })
  channels: number | null = null;

  /** Picture size in pixels, for images and videos; null for audio. */
  @Property({ type: 'integer', nullable: true })
  width: number | null = null;

  @Property({ type: 'integer', nullable: true })
  height: number | null = null;

  /** EBU R128 figures of the original audio. */
  @Property({ type: 'jsonb', nullable: true })
  loudness: Loudness | null = null;

  /** The upload as received. */
  @Property({ type: 'text' })
  originalKey!: string;

  /** The file that is served: the original until processing made the published one. */
  @Property({ type: 'text' })
  storageKey!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  toDto(url: string, outputs: MediaOutputDto[], jobs: ProcessingJobDto[]): MediaFileDto {
    return {
      id: this.id,
      ownerId: this.ownerId,
      purpose: this.purpose,
      podcastId: this.podcastId,
      kind: this.kind,
      format: this.format,
      status: this.status,
      fileName: this.fileName,
      mimeType: this.mimeType,
      sizeBytes: this.sizeBytes,
      durationSeconds: this.durationSeconds,
      bitrate: this.bitrate,
      codec: this.codec,
      sampleRate: this.sampleRate,
      channels: this.channels,
      width: this.width,
      height: this.height,
      loudness: this.loudness,
      url,
      storageKey: this.storageKey,
      outputs,
      jobs,
      createdAt: this.createdAt.toISOString(),
    };
  }
}
