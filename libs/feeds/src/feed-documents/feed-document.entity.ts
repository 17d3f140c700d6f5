import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Podcast } from '@castbase/contracts';

@Entity({ tableName: 'feed_documents' })
@Index({ name: 'feed_documents_slug_idx', properties: ['slug'] })
@Index({ name: 'feed_documents_owner_id_idx', properties: ['ownerId'] })
@Check({ name: 'feed_documents_visibility_check', expression: "visibility in ('public', 'private')" })
@Check({ name: 'feed_documents_byte_size_check', expression: 'byte_size >= 0' })
@Check({ name: 'feed_documents_episode_count_check', expression: 'episode_count >= 0' })
export class FeedDocumentEntity {
  @PrimaryKey({ type: 'uuid', fieldName: 'podcast_id' })
  podcastId!: string;

  @Property({ type: 'text', fieldName: 'owner_id' })
  ownerId!: string;

  @Property({ type: 'text', nullable: true })
  username!: string | null;

  @Property({ type: 'text' })
  slug!: string;

  @Property({ type: 'text' })
  visibility!: Podcast['visibility'];

  @Property({ type: 'text', lazy: false })
  xml!: string;

  @Property({ type: 'text' })
  etag!: string;

  @Property({ type: 'integer', fieldName: 'byte_size' })
  byteSize!: number;

  @Property({ type: 'integer', fieldName: 'episode_count' })
  episodeCount!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz', fieldName: 'generated_at' })
  generatedAt!: Date;
}
