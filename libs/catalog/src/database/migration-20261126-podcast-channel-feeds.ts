import { Migration } from '@mikro-orm/migrations';

/**
 * What the feeds of issue 11 read from the catalog.
 *
 * - The channel's own feed tags a creator sets in settings (contracts `podcast-channel.ts`): itunes:block and
 *   podcast:block, itunes:complete, license, location, updateFrequency, podroll and txt. Existing podcasts get the
 *   contracts' defaults: not blocked, not complete, none of the others.
 * - The feed's episodes in feed order, read page by page (`catalog.feed-source.episodes`): published, in the RSS
 *   feed, with media, newest first by release date (publish date, else creation) then id. A partial index holds
 *   exactly those rows in that order, so each page is one index range read however many episodes the podcast has,
 *   and the feed's episode count is read from the same index. A second, smaller one holds only the trailers, which
 *   go in the channel ahead of the items.
 */
export class AddPodcastChannelAndFeedOrder extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table podcasts
        add column feed_block boolean not null default false,
        add column feed_complete boolean not null default false,
        add column license jsonb null,
        add column location jsonb null,
        add column update_frequency jsonb null,
        add column podroll jsonb not null default '[]',
        add column txt jsonb not null default '[]'`);
    this.addSql(`
      create index episodes_feed_order_index
        on episodes (podcast_id, (coalesce(publish_date, created_at)) desc, id desc)
        where status = 'published' and enable_rss and media is not null`);
    this.addSql(`
      create index episodes_feed_trailers_index
        on episodes (podcast_id, (coalesce(publish_date, created_at)) desc, id desc)
        where status = 'published' and enable_rss and media is not null and episode_type = 'trailer'`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists episodes_feed_trailers_index');
    this.addSql('drop index if exists episodes_feed_order_index');
    this.addSql(`
      alter table podcasts
        drop column feed_block,
        drop column feed_complete,
        drop column license,
        drop column location,
        drop column update_frequency,
        drop column podroll,
        drop column txt`);
  }
}
