import { Migration } from '@mikro-orm/migrations';

/**
 * The IAB counting's results and state: `downloads` (one row per counted download, attributed), `listener_windows`
 * (the listeners' 24-hour windows still open, so each run goes on from the last), `download_counting` (how far the
 * raw log is counted, and with which attribution tables) and `download_recounts` (episodes whose raw rows arrived
 * late, from the journal, to count again from then).
 */
export class CreateDownloadCounting extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table downloads (
        request_id uuid primary key,
        counted_at timestamptz not null,
        window_start timestamptz not null,
        podcast_id uuid not null,
        episode_id uuid not null,
        owner_id text not null,
        listener bytea not null,
        address bytea null,
        app text not null,
        app_kind text not null,
        device text not null,
        os text null,
        country text null,
        source text not null,
        excluded text null
      )`);
    this.addSql('create index downloads_podcast_id_counted_at_index on downloads (podcast_id, counted_at)');
    this.addSql('create index downloads_episode_id_counted_at_index on downloads (episode_id, counted_at)');
    this.addSql('create index downloads_owner_id_index on downloads (owner_id)');
    this.addSql(`
      create table listener_windows (
        episode_id uuid not null,
        key_day text not null,
        key_next text null,
        window_start timestamptz not null,
        listener bytea not null,
        covered jsonb not null,
        counted boolean not null,
        primary key (episode_id, key_day, window_start)
      )`);
    this.addSql('create index listener_windows_window_start_index on listener_windows (window_start)');
    this.addSql(`
      create table download_counting (
        id smallint primary key check (id = 1),
        attribution_version text not null,
        counted_through timestamptz not null
      )`);
    // The episode's title, for the analytics screens' episode lists (from the published event).
    this.addSql('alter table enclosures add column title text null');
    this.addSql(`
      create table download_recounts (
        podcast_id uuid not null,
        episode_id uuid not null,
        since timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    for (const table of ['download_recounts', 'download_counting', 'listener_windows', 'downloads'])
      this.addSql(`drop table if exists ${table}`);
    this.addSql('alter table enclosures drop column title');
  }
}
