import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import type { FeedImportItemStatus } from '@castbase/contracts';

/** A podcast imported from another host: the old feed's address, read again by each re-run. One per podcast. */
@Entity({ tableName: 'feed_imports' })
export class FeedImport {
  [OptionalProps]?: 'id' | 'added' | 'startedAt' | 'lastRunAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Unique()
  @Property({ type: 'uuid' })
  podcastId!: string;

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  /** The address the creator gave (the old feed). */
  @Property({ type: 'text' })
  feedUrl!: string;

  /** Episodes the last run added. */
  @Property({ type: 'integer' })
  added = 0;

  @Property({ type: 'timestamptz' })
  startedAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  lastRunAt: Date = new Date();
}

/**
 * One imported item: its episode, the old feed's guid (also the episode's guid), where its file and chapters were,
 * the date it keeps when published, and how the copy of its file went.
 */
@Entity({ tableName: 'feed_import_items' })
@Unique({ properties: ['podcastId', 'guid'] })
export class FeedImportItem {
  [OptionalProps]?: 'id' | 'status' | 'error' | 'sizeBytes' | 'chaptersUrl' | 'publishDate' | 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'uuid' })
  importId!: string;

  @Property({ type: 'uuid' })
  podcastId!: string;

  @Unique()
  @Property({ type: 'uuid' })
  episodeId!: string;

  @Property({ type: 'text' })
  guid!: string;

  @Property({ type: 'text', nullable: true })
  enclosureUrl: string | null = null;

  /** The enclosure's declared length (0 or absent in many feeds). */
  @Property({ type: new BigIntType('number'), nullable: true })
  sizeBytes: number | null = null;

  /** podcast:chapters (JSON chapters), read when the episode's file is ready. */
  @Property({ type: 'text', nullable: true })
  chaptersUrl: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  publishDate: Date | null = null;

  @Property({ type: 'text' })
  status: FeedImportItemStatus = 'copying';

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
