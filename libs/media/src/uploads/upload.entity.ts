import { randomUUID } from 'node:crypto';
import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { UploadPurpose } from '@castbase/contracts';

/**
 * `uploading` while bytes arrive (the tus store knows how many), `completed` once the bytes became a media file,
 * `refused` when they turned out not to be what the creator may upload here (nothing is kept).
 */
export type UploadStatus = 'uploading' | 'completed' | 'refused';

/** A resumable (tus) upload a creator was allowed to start, until its bytes become a media file. */
@Entity({ tableName: 'uploads' })
export class Upload {
  /** Also the tus upload id and the id of the media file it completes into. */
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'text' })
  purpose!: UploadPurpose;

  @Property({ type: 'uuid', nullable: true })
  podcastId: string | null = null;

  /** As the creator named it, shown back to them; storage keys hold a sanitised copy. */
  @Property({ type: 'text' })
  fileName!: string;

  /** The type the browser declared; the kind is decided from the bytes. */
  @Property({ type: 'text' })
  contentType!: string;

  /** `Upload-Length`: the size the creator announced, counted against the plan before a byte is sent. */
  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  /** The creator asked for the published MP3 to be normalised to −16 LUFS. */
  @Property({ type: 'boolean' })
  normalize = false;

  /** The original's key in storage, once completed. */
  @Property({ type: 'text', nullable: true })
  storageKey: string | null = null;

  @Property({ type: 'text' })
  status: UploadStatus = 'uploading';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** Last time bytes arrived: abandoned uploads are swept some time after it. */
  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
