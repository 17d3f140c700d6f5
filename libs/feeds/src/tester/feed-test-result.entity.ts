import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { FeedTestResult } from '@castbase/contracts';

@Entity({ tableName: 'feed_test_results' })
export class FeedTestResultEntity {
  @PrimaryKey({ type: 'uuid', fieldName: 'podcast_id' })
  podcastId!: string;

  @Property({ type: 'json', columnType: 'jsonb' })
  result!: FeedTestResult;

  @Property({ type: 'datetime', columnType: 'timestamptz', fieldName: 'tested_at' })
  testedAt!: Date;
}
