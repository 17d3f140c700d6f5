import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { FeedValidationReport, Podcast } from '@castbase/contracts';

/** Per podcast: address, access and RSS status (see `FeedPodcastRecord`). */
@Entity({ tableName: 'feed_podcasts' })
@Index({ name: 'feed_podcasts_address_idx', properties: ['username', 'slug'] })
@Index({ name: 'feed_podcasts_owner_id_idx', properties: ['ownerId'] })
@Check({ name: 'feed_podcasts_visibility_check', expression: "visibility in ('public', 'private')" })
export class FeedPodcastEntity {
  @PrimaryKey({ type: 'uuid', fieldName: 'podcast_id' })
  podcastId!: string;

  @Property({ type: 'text', fieldName: 'owner_id' })
  ownerId!: string;

  @Property({ type: 'text', nullable: true })
  username!: string | null;

  @Property({ type: 'text', nullable: true })
  slug!: string | null;

  @Property({ type: 'text', nullable: true })
  visibility!: Podcast['visibility'] | null;

  @Property({ type: 'text', fieldName: 'private_token', nullable: true })
  privateToken!: string | null;

  @Property({ type: 'integer', fieldName: 'feed_episode_count', default: 0 })
  feedEpisodeCount!: number;

  @Property({ type: 'integer', fieldName: 'episode_count', default: 0 })
  episodeCount!: number;

  @Property({ type: 'integer', fieldName: 'size_bytes', default: 0 })
  sizeBytes!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz', fieldName: 'generated_at', nullable: true })
  generatedAt!: Date | null;

  @Property({ type: 'json', columnType: 'jsonb', nullable: true })
  validation!: FeedValidationReport | null;

  @Property({ type: 'integer', fieldName: 'changes_heard', default: 0 })
  changesHeard!: number;

  @Property({ type: 'integer', fieldName: 'changes_generated', default: 0 })
  changesGenerated!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz', fieldName: 'changed_at' })
  changedAt!: Date;
}
