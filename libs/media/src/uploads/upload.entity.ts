import { randomUUID } from 'node:crypto';
import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** `failed` once the received file turned out not to be audio or video (the object is then deleted). */
export type UploadStatus = 'pending' | 'completed' | 'failed';

/** A file a creator was allowed to upload straight to storage, until it is completed into a media file. */
@Entity({ tableName: 'uploads' })
export class Upload {
  /** Also the id of the media file it completes into, which makes completing twice harmless. */
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  /** As the creator named it, shown back to them; the storage key holds a sanitised copy. */
  @Property({ type: 'text' })
  fileName!: string;

  /** Declared when the upload was created; the signed URL only accepts this `Content-Type`. */
  @Property({ type: 'text' })
  contentType!: string;

  /** Declared size; the stored object's real size is read when the upload completes. */
  @Property({ type: new BigIntType('number') })
  sizeBytes!: number;

  @Property({ type: 'text' })
  storageKey!: string;

  @Property({ type: 'text' })
  status: UploadStatus = 'pending';

  /** When the signed upload URL stops working. */
  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
