import { Migration } from '@mikro-orm/migrations';

/** Podcasts and episodes (unqualified: the migrator sets search_path to the catalog schema). */
export class CreateCatalogTables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table podcasts (
        id uuid primary key,
        owner_id text not null,
        owner_username text null,
        name text not null,
        slug text not null,
        description text not null default '',
        language text not null default 'en',
        category text not null default 'Technology',
        author text not null default '',
        explicit boolean not null default false,
        type text not null default 'episodic' check (type in ('episodic', 'serial')),
        visibility text not null default 'public' check (visibility in ('public', 'private')),
        artwork_url text null,
        podcast_guid uuid not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint podcasts_owner_id_slug_unique unique (owner_id, slug)
      )`);
    this.addSql('create index podcasts_owner_id_index on podcasts (owner_id)');
    this.addSql(`
      create table episodes (
        id uuid primary key,
        podcast_id uuid not null references podcasts (id) on delete cascade,
        owner_id text not null,
        title text not null,
        description text not null default '',
        status text not null default 'draft' check (status in ('draft', 'scheduled', 'published')),
        episode_type text not null default 'full' check (episode_type in ('full', 'trailer', 'bonus')),
        explicit boolean not null default false,
        season_number integer null,
        episode_number integer null,
        guid text not null,
        media jsonb null,
        publish_date timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index episodes_podcast_id_index on episodes (podcast_id)');
    this.addSql('create index episodes_owner_id_index on episodes (owner_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists episodes');
    this.addSql('drop table if exists podcasts');
  }
}
