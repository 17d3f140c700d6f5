import { Migration } from '@mikro-orm/migrations';

/** Enclosures, downloads and the daily IP-hash salts (unqualified: the migrator sets search_path to analytics). */
export class CreateAnalyticsTables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table enclosures (
        episode_id uuid primary key,
        podcast_id uuid not null,
        owner_id text not null,
        media_url text not null,
        file_name text not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index enclosures_podcast_id_index on enclosures (podcast_id)');
    this.addSql(`
      create table downloads (
        id uuid primary key,
        episode_id uuid not null,
        podcast_id uuid not null,
        occurred_at timestamptz not null,
        ip_hash text not null,
        user_agent text null,
        referrer text null,
        range_start bigint null check (range_start >= 0)
      )`);
    this.addSql('create index downloads_episode_id_occurred_at_index on downloads (episode_id, occurred_at)');
    this.addSql('create index downloads_podcast_id_index on downloads (podcast_id)');
    this.addSql(`
      create table ip_hash_salts (
        day text primary key,
        salt text not null,
        created_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists ip_hash_salts');
    this.addSql('drop table if exists downloads');
    this.addSql('drop table if exists enclosures');
  }
}
