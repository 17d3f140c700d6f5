import { BigIntType } from '@mikro-orm/postgresql';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * Where a published episode's media is, copied from `catalog.episode.published`: the enclosure redirect
 * answers from this table without asking the catalog. Kept when the episode is unpublished (marked, not deleted).
 */
@Entity({ tableName: 'enclosures' })
export class Enclosure {
  @PrimaryKey({ type: 'uuid' })
  episodeId!: string;

  @Index()
  @Property({ type: 'uuid' })
  podcastId!: string;

  @Index()
  @Property({ type: 'text' })
  ownerId!: string;

  /** The media's storage key: the redirect makes its address per request, so none goes stale. */
  @Property({ type: 'text' })
  mediaKey!: string;

  @Property({ type: 'text' })
  fileName!: string;

  /** The media's bytes and length: the counting's one-minute threshold. Null for enclosures kept before they were. */
  @Property({ type: new BigIntType('number'), nullable: true })
  sizeBytes: number | null = null;

  @Property({ type: 'integer', nullable: true })
  durationSeconds: number | null = null;

  /** The episode's title when it was last published or saved (events before titles were sent carry none). */
  @Property({ type: 'text', nullable: true })
  title: string | null = null;

  /** Set while the episode is unpublished: its downloads stay in the reports, its `/e/` URL answers 404. */
  @Property({ type: 'timestamptz', nullable: true })
  unpublishedAt: Date | null = null;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
