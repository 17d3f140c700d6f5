import { Migration } from '@mikro-orm/migrations';

/**
 * Every GET of an enclosure, as it arrived, in a table partitioned by day: the raw log the IAB counting reads and can
 * read again when its rules change. Rows come in by `COPY` from the enclosure redirect's group commit, or from its
 * spill journal, which inserts with `on conflict do nothing` on the primary key (replayed rows are never doubled).
 * The earlier `downloads` rows move here (their address hash becomes `listener_day`; they have no `listener_next`).
 * Day partitions are made ahead by the service (DownloadPartitions); a row outside them lands in the default one.
 *
 * Enclosures gain the media's size and duration (the counting's one-minute threshold), and `download_target_changes`
 * lists each change of an enclosure or of a podcast's access, so every replica drops its copy in memory.
 */
export class CreateDownloadRequests extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table download_requests (
        id uuid not null,
        occurred_at timestamptz not null,
        podcast_id uuid not null,
        episode_id uuid not null,
        owner_id text not null,
        listener_day bytea not null,
        listener_next bytea null,
        address_day bytea null,
        country text null,
        user_agent text not null,
        referrer text null,
        range_header text null,
        prefetch boolean not null default false,
        source text null,
        primary key (occurred_at, id)
      ) partition by range (occurred_at)`);
    this.addSql('create table download_requests_default partition of download_requests default');
    this.addSql(
      'create index download_requests_podcast_id_occurred_at_index on download_requests (podcast_id, occurred_at)',
    );
    this.addSql(`
      insert into download_requests (id, occurred_at, podcast_id, episode_id, owner_id, listener_day, user_agent,
        referrer, range_header)
      select id, occurred_at, podcast_id, episode_id, owner_id, decode(ip_hash, 'hex'), coalesce(user_agent, ''),
        referrer, case when range_start is null then null else 'bytes=' || range_start || '-' end
      from downloads`);
    this.addSql('drop table downloads');
    this.addSql(
      'alter table enclosures add column size_bytes bigint null, add column duration_seconds integer null',
    );
    this.addSql(`
      create table download_target_changes (
        changed_at timestamptz not null default now(),
        episode_id uuid null,
        podcast_id uuid null
      )`);
    this.addSql(
      'create index download_target_changes_changed_at_index on download_target_changes (changed_at)',
    );
  }

  override async down(): Promise<void> {
    this.addSql(`
      create table downloads (
        id uuid primary key,
        episode_id uuid not null,
        podcast_id uuid not null,
        owner_id text not null,
        occurred_at timestamptz not null,
        ip_hash text not null,
        user_agent text null,
        referrer text null,
        range_start bigint null check (range_start >= 0)
      )`);
    this.addSql('drop table if exists download_requests');
    this.addSql('drop table if exists download_target_changes');
    this.addSql('alter table enclosures drop column size_bytes, drop column duration_seconds');
  }
}
