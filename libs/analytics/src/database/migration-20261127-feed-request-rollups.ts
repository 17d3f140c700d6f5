import { Migration } from '@mikro-orm/migrations';
import {
  ALL_FEED_ROLLUP_TABLES,
  feedRebuildFunctionSql,
  feedRollupTablesSql,
  feedTriggersSql,
} from './feed-rollup-triggers.js';

/**
 * `feed_requests` becomes partitioned by UTC day of `requested_at` (`feed_requests_YYYYMMDD`, made ahead by the
 * partition job like download_requests'; `feed_requests_default` takes the rows already there and any outside them),
 * so retention drops whole days. Its rollups, which feed analytics reads and which outlive the raw requests:
 * - `podcast_feed_request_months|days|hours`: requests and bytes per `total`, per `country` and `app` (the requests
 *   each counts: people's for countries, people's and the named apps' crawlers for apps) and per UTC `hour` of the day;
 * - `feed_fetcher_days` (the distinct fetchers of the last days, kept while a day may still change) and
 *   `feed_fetcher_day_counts` (how many fetchers each day had; keys rotate daily, so days are never added);
 * - `feed_aggregator_reports`: each aggregator's (and feed id's) latest reported subscriber count.
 * Statement triggers keep them exact; `analytics.forget_feed_request_rollups(podcasts)` deletes a podcast's (an erased
 * account, a deleted podcast); `analytics.rebuild_feed_request_rollups()` builds them from the requests here.
 */
export class CreateFeedRequestRollups extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table feed_requests rename to feed_requests_unpartitioned');
    this.addSql('drop index feed_requests_podcast_id_requested_at_index');
    this.addSql(
      'create table feed_requests (like feed_requests_unpartitioned including defaults) partition by range (requested_at)',
    );
    this.addSql('create table feed_requests_default partition of feed_requests default');
    this.addSql(
      'create index feed_requests_podcast_id_requested_at_index on feed_requests (podcast_id, requested_at)',
    );
    this.addSql(`create index feed_requests_aggregator_index on feed_requests
      (podcast_id, aggregator, aggregator_feed, requested_at) where aggregator is not null`);
    this.addSql('insert into feed_requests select * from feed_requests_unpartitioned');
    this.addSql('drop table feed_requests_unpartitioned');
    for (const statement of feedRollupTablesSql()) this.addSql(statement);
    for (const statement of feedTriggersSql()) this.addSql(statement);
    this.addSql(feedRebuildFunctionSql());
    this.addSql('select analytics.rebuild_feed_request_rollups()');
  }

  override async down(): Promise<void> {
    for (const change of ['insert', 'delete', 'update']) {
      this.addSql(`drop trigger if exists feed_requests_rollup_${change} on feed_requests`);
      this.addSql(`drop function if exists analytics.feed_requests_rollup_${change}()`);
    }
    this.addSql('drop function if exists analytics.rebuild_feed_request_rollups()');
    this.addSql('drop function if exists analytics.forget_feed_request_rollups(uuid[])');
    for (const table of ALL_FEED_ROLLUP_TABLES) this.addSql(`drop table if exists ${table}`);
    this.addSql('alter table feed_requests rename to feed_requests_partitioned');
    this.addSql('create table feed_requests (like feed_requests_partitioned including defaults)');
    this.addSql('insert into feed_requests select * from feed_requests_partitioned');
    this.addSql('drop table feed_requests_partitioned');
    this.addSql(
      'create index feed_requests_podcast_id_requested_at_index on feed_requests (podcast_id, requested_at)',
    );
  }
}
