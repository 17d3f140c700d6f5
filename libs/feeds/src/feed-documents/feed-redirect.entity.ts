import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** An address a podcast's feeds had before a slug or username change: its URLs answer 301 to the new ones. */
@Entity({ tableName: 'feed_redirects' })
@Index({ name: 'feed_redirects_podcast_id_idx', properties: ['podcastId'] })
export class FeedRedirectEntity {
  @PrimaryKey({ type: 'text' })
  username!: string;

  @PrimaryKey({ type: 'text' })
  slug!: string;

  @Property({ type: 'uuid', fieldName: 'podcast_id' })
  podcastId!: string;

  @Property({ type: 'datetime', columnType: 'timestamptz', fieldName: 'moved_at' })
  movedAt!: Date;
}
