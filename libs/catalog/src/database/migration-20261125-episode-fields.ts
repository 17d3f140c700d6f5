import { Migration } from '@mikro-orm/migrations';

/**
 * Every episode field of spec 2 §3 (Catalog issue), and what the All Episodes screen filters and sorts on.
 * `duration_seconds`, `media_kind` and `status_rank` are generated from `media` and `status`, so no code path can
 * leave them out of step; `status_rank` follows `STATUS_SORT_RANK` of the contracts (draft 1, scheduled 2,
 * published 3). Each sort has an index led by the podcast and ended by the id tie-break, so the first page of a
 * large podcast is read in order instead of sorted.
 */
export class AddEpisodeFields extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table episodes
        add column artwork_key text null,
        add column artwork_media_id uuid null,
        add column tags jsonb not null default '[]',
        add column enable_rss boolean not null default true,
        add column enable_video boolean not null default false,
        add column podcast_block boolean not null default false,
        add column transcripts jsonb not null default '[]',
        add column chapters jsonb not null default '[]',
        add column soundbites jsonb not null default '[]',
        add column persons jsonb not null default '[]',
        add column value jsonb null,
        add column location jsonb null,
        add column funding jsonb not null default '[]',
        add column license jsonb null,
        add column alternate_enclosures jsonb not null default '[]',
        add column plays integer not null default 0 check (plays >= 0),
        add column scheduled_release_date timestamptz null,
        add column revision integer not null default 0 check (revision >= 0),
        add column duration_seconds integer not null
          generated always as (coalesce(round((media ->> 'durationSeconds')::numeric)::integer, 0)) stored,
        add column media_kind text null
          generated always as (
            case
              when media is null then null
              when media ->> 'mimeType' like 'video/%' then 'video'
              else 'audio'
            end
          ) stored,
        add column status_rank smallint not null
          generated always as (
            case status when 'published' then 3 when 'scheduled' then 2 else 1 end
          ) stored`);
    // podcast_id alone is covered by the sort indexes below, which all lead with it.
    this.addSql('drop index if exists episodes_podcast_id_index');
    this.addSql(
      'create index episodes_podcast_id_created_at_id_index on episodes (podcast_id, created_at, id)',
    );
    this.addSql(
      'create index episodes_podcast_id_updated_at_id_index on episodes (podcast_id, updated_at, id)',
    );
    this.addSql(
      'create index episodes_podcast_id_lower_title_id_index on episodes (podcast_id, lower(title), id)',
    );
    this.addSql(
      'create index episodes_podcast_id_duration_seconds_id_index on episodes (podcast_id, duration_seconds, id)',
    );
    this.addSql(
      'create index episodes_podcast_id_status_rank_created_at_id_index on episodes (podcast_id, status_rank, created_at, id)',
    );
    this.addSql('create index episodes_podcast_id_plays_id_index on episodes (podcast_id, plays, id)');
    // The scheduled publisher's question every minute: which scheduled episodes are due.
    this.addSql(
      `create index episodes_due_index on episodes (scheduled_release_date) where status = 'scheduled'`,
    );
  }

  override async down(): Promise<void> {
    for (const index of [
      'episodes_due_index',
      'episodes_podcast_id_plays_id_index',
      'episodes_podcast_id_status_rank_created_at_id_index',
      'episodes_podcast_id_duration_seconds_id_index',
      'episodes_podcast_id_lower_title_id_index',
      'episodes_podcast_id_updated_at_id_index',
      'episodes_podcast_id_created_at_id_index',
    ]) {
      this.addSql(`drop index if exists ${index}`);
    }
    this.addSql('create index episodes_podcast_id_index on episodes (podcast_id)');
    this.addSql(`
      alter table episodes
        drop column status_rank,
        drop column media_kind,
        drop column duration_seconds,
        drop column revision,
        drop column scheduled_release_date,
        drop column plays,
        drop column alternate_enclosures,
        drop column license,
        drop column funding,
        drop column location,
        drop column value,
        drop column persons,
        drop column soundbites,
        drop column chapters,
        drop column transcripts,
        drop column podcast_block,
        drop column enable_video,
        drop column enable_rss,
        drop column tags,
        drop column artwork_media_id,
        drop column artwork_key`);
  }
}
