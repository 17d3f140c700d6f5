import { Migration } from '@mikro-orm/migrations';

/**
 * Episode versions (spec 2 §3): one row per save, numbered per episode by the episode's revision. Episodes saved
 * before versions existed get their current state as version 1, so their history starts with what they were.
 * The episode reference is checked at commit: a save writes its episode and its version in one flush, in whatever
 * order the unit of work picks.
 */
export class CreateEpisodeVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table episode_versions (
        id uuid primary key,
        episode_id uuid not null references episodes (id) on delete cascade deferrable initially deferred,
        version_number integer not null check (version_number > 0),
        user_id text not null,
        title text not null,
        description text not null,
        tags jsonb not null,
        episode_type text not null check (episode_type in ('full', 'trailer', 'bonus')),
        season_number integer null,
        episode_number integer null,
        explicit boolean not null,
        media jsonb null,
        artwork_key text null,
        artwork_media_id uuid null,
        transcripts jsonb not null,
        enable_rss boolean not null,
        status text not null check (status in ('draft', 'scheduled', 'published')),
        publish_date timestamptz null,
        scheduled_release_date timestamptz null,
        guid text not null,
        created_at timestamptz not null,
        constraint episode_versions_episode_id_version_number_unique unique (episode_id, version_number)
      )`);
    this.addSql(`
      insert into episode_versions (
        id, episode_id, version_number, user_id, title, description, tags, episode_type, season_number,
        episode_number, explicit, media, artwork_key, artwork_media_id, transcripts, enable_rss, status,
        publish_date, scheduled_release_date, guid, created_at)
      select gen_random_uuid(), id, 1, owner_id, title, description, tags, episode_type, season_number,
        episode_number, explicit, media, artwork_key, artwork_media_id, transcripts, enable_rss, status,
        publish_date, scheduled_release_date, guid, updated_at
      from episodes`);
    // The backfill's deferred checks run now, not at the end of the migrations' transaction: a table with checks
    // still pending cannot be altered by a later migration of the same run (an upgrade with episodes failed so).
    this.addSql('set constraints episode_versions_episode_id_fkey immediate');
    this.addSql('set constraints episode_versions_episode_id_fkey deferred');
    this.addSql('update episodes set revision = 1 where revision = 0');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists episode_versions');
    this.addSql('update episodes set revision = 0');
  }
}
