import { Migration } from '@mikro-orm/migrations';

/**
 * Feed variants (spec 2 §9) replace the single stored main feed: per podcast its address, access and RSS status
 * (`feed_podcasts`), per variant its tag and sizes (`feed_variants`, the bytes go to object storage under `rss/`),
 * and the addresses podcasts moved from (`feed_redirects`). Every podcast that had a feed is carried over as heard of
 * and not yet generated, so the service generates its variants on start; the old XML column goes with its table.
 */
export class StoreFeedVariants extends Migration {
  override up(): void {
    this.addSql(`
      create table feed_podcasts (
        podcast_id uuid primary key,
        owner_id text not null,
        username text,
        slug text,
        visibility text check (visibility in ('public', 'private')),
        private_token text,
        feed_episode_count integer not null default 0,
        episode_count integer not null default 0,
        size_bytes integer not null default 0,
        generated_at timestamptz,
        changes_heard integer not null default 0,
        changes_generated integer not null default 0,
        changed_at timestamptz not null
      )`);
    this.addSql('create index feed_podcasts_address_idx on feed_podcasts (username, slug)');
    this.addSql('create index feed_podcasts_owner_id_idx on feed_podcasts (owner_id)');
    this.addSql(`
      create table feed_variants (
        podcast_id uuid not null,
        variant_key text not null,
        etag text not null,
        byte_size integer not null,
        gzip_size integer not null,
        brotli_size integer not null,
        item_count integer not null,
        generated_at timestamptz not null,
        primary key (podcast_id, variant_key)
      )`);
    this.addSql(`
      create table feed_redirects (
        username text not null,
        slug text not null,
        podcast_id uuid not null,
        moved_at timestamptz not null,
        primary key (username, slug)
      )`);
    this.addSql('create index feed_redirects_podcast_id_idx on feed_redirects (podcast_id)');
    this.addSql(`
      insert into feed_podcasts (podcast_id, owner_id, username, slug, visibility, changes_heard, changed_at)
      select podcast_id, owner_id, username, slug, visibility, 1, generated_at from feed_documents`);
    this.addSql('drop table feed_documents');
  }

  override down(): void {
    this.addSql('drop table if exists feed_redirects');
    this.addSql('drop table if exists feed_variants');
    this.addSql('drop table if exists feed_podcasts');
  }
}
