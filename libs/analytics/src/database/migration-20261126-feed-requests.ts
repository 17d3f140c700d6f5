import { Migration } from '@mikro-orm/migrations';

/**
 * One row per feed (RSS) request, from the feeds service's `feeds.feed.requested` batches, attributed when it is
 * recorded. The client's address is never stored: `fetcher` is the day's keyed hash of address and User-Agent
 * (ListenerKeys), which cannot be traced back once the day's salt is deleted, and `country` is decided from the
 * address before it is forgotten. `aggregator*` hold the subscriber count an aggregator (Feedly, Overcast's sync…)
 * reported in its User-Agent.
 */
export class CreateFeedRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table feed_requests (
        requested_at timestamptz not null,
        podcast_id uuid not null,
        variant text not null,
        status smallint not null,
        bytes bigint not null,
        encoding text not null,
        cache_hit boolean not null,
        app text not null,
        app_kind text not null,
        filtered boolean not null,
        country text null,
        fetcher bytea not null,
        aggregator text null,
        aggregator_feed text null,
        aggregator_subscribers integer null
      )`);
    this.addSql(
      'create index feed_requests_podcast_id_requested_at_index on feed_requests (podcast_id, requested_at)',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists feed_requests');
  }
}
