import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** Per podcast and variant: what was last stored under `rss/{podcastId}/{variantKey}.xml[.gz|.br]`. */
@Entity({ tableName: 'feed_variants' })
export class FeedVariantEntity {
  @PrimaryKey({ type: 'uuid', fieldName: 'podcast_id' })
  podcastId!: string;

  @PrimaryKey({ type: 'text', fieldName: 'variant_key' })
  variantKey!: string;

  @Property({ type: 'text' })
  etag!: string;

  @Property({ type: 'integer', fieldName: 'byte_size' })
  byteSize!: number;

  @Property({ type: 'integer', fieldName: 'gzip_size' })
  gzipSize!: number;

  @Property({ type: 'integer', fieldName: 'brotli_size' })
  brotliSize!: number;

  @Property({ type: 'integer', fieldName: 'item_count' })
  itemCount!: number;

  @Property({ type: 'datetime', columnType: 'timestamptz', fieldName: 'generated_at' })
  generatedAt!: Date;
}
