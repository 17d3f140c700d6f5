import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { RemoteImportPurpose } from '@castbase/contracts';

export type RemoteImportStatus = 'queued' | 'copying' | 'ready' | 'failed';

/**
 * A file at another host to copy into the owner's storage (an imported episode's enclosure, a podcast's artwork):
 * queued, copying (with the bytes received so far), then ready (its media file) or failed (why).
 */
@Entity({ tableName: 'remote_imports' })
@Index({ properties: ['ownerId', 'podcastId'] })
export class RemoteImport {
  [OptionalProps]?:
    | 'id'
    | 'status'
    | 'bytesDone'
    | 'bytesTotal'
    | 'mediaId'
    | 'error'
    | 'tagFingerprint'
    | 'createdAt'
    | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  ownerId!: string;

  @Property({ type: 'uuid' })
  podcastId!: string;

  /** The episode or the podcast the file is for. */
  @Property({ type: 'uuid' })
  targetId!: string;

  @Property({ type: 'text' })
  purpose!: RemoteImportPurpose;

  @Property({ type: 'text' })
  url!: string;

  @Property({ type: 'text' })
  status: RemoteImportStatus = 'queued';

  @Property({ type: new BigIntType('number') })
  bytesDone = 0;

  /** The declared length once the remote server answered, else the bytes received when done. */
  @Property({ type: new BigIntType('number'), nullable: true })
  bytesTotal: number | null = null;

  @Property({ type: 'uuid', nullable: true })
  mediaId: string | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  /**
   * An episode's file: the tags it is taken to carry, as `tagFingerprint` of the file, title and chapters the episode
   * was published with by the import (the old host's tagged file is kept as it is); set by the first episode event
   * that plays it. The episode's own tagged copy is made only once one of them differs.
   */
  @Property({ type: 'text', nullable: true })
  tagFingerprint: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
