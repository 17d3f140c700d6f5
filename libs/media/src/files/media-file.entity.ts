import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { MediaFile as MediaFileDto, MediaKind } from '@castbase/contracts';

/** A stored, probed file: audio or video that episodes use, or an image (avatar, podcast logo). */
@Entity({ tableName: 'media_files' })
export class MediaFile {
  /** The id of the upload it came from. */
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  /** From the probe: `image` for an image upload, else `video` when there is a picture stream other than cover art. */
  @Property({ type: 'text' })
  kind!: MediaKind;

  @Property({ type: 'text' })
  fileName!: string;

  @Property({ type: 'text' })
  mimeType!: string;

  /** The stored object's size, not the size the client declared. */
  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  /** Rounded to whole seconds, as feeds (itunes:duration) and players show it; 0 for images. */
  @Property({ type: 'integer' })
  durationSeconds!: number;

  /** Bits per second, when ffprobe could tell. */
  @Property({ type: 'integer', nullable: true })
  bitrate: number | null = null;

  /** Picture size in pixels, for images and videos; null for audio. */
  @Property({ type: 'integer', nullable: true })
  width: number | null = null;

  @Property({ type: 'integer', nullable: true })
  height: number | null = null;

  @Property({ type: 'text' })
  storageKey!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  toDto(url: string): MediaFileDto {
    return {
      id: this.id,
      ownerId: this.ownerId,
      kind: this.kind,
      fileName: this.fileName,
      mimeType: this.mimeType,
      sizeBytes: this.sizeBytes,
      durationSeconds: this.durationSeconds,
      bitrate: this.bitrate,
      width: this.width,
      height: this.height,
      url,
      createdAt: this.createdAt.toISOString(),
    };
  }
}
