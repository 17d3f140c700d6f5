import { Migration } from '@mikro-orm/migrations';

/**
 * Resumable uploads and processing: an upload is a tus upload (purpose, podcast, bytes received so far live in the
 * tus store), a media file has a status, the detected format, audio figures and loudness, and every derived file
 * (published MP3, peaks, image variants, video outputs) and job is a row of its own.
 */
export class AddMediaProcessing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table uploads drop constraint uploads_status_check`);
    this.addSql(`update uploads set status = 'uploading' where status = 'pending'`);
    this.addSql(`update uploads set status = 'refused' where status = 'failed'`);
    this.addSql(`alter table uploads alter column status set default 'uploading'`);
    this.addSql(
      `alter table uploads add constraint uploads_status_check check (status in ('uploading', 'completed', 'refused'))`,
    );
    this.addSql(`alter table uploads add column purpose text not null default 'episode-media'`);
    this.addSql(`alter table uploads add column podcast_id uuid null`);
    this.addSql(`alter table uploads add column updated_at timestamptz not null default now()`);
    this.addSql(`alter table uploads add column normalize boolean not null default false`);
    this.addSql(`alter table uploads drop column expires_at`);
    this.addSql(`alter table uploads alter column storage_key drop not null`);

    this.addSql(`alter table media_files add column purpose text not null default 'episode-media'`);
    this.addSql(`alter table media_files add column podcast_id uuid null`);
    this.addSql(`alter table media_files add column format text not null default ''`);
    this.addSql(
      `alter table media_files add column status text not null default 'ready' check (status in ('processing', 'ready', 'failed'))`,
    );
    this.addSql(`alter table media_files add column codec text null`);
    this.addSql(`alter table media_files add column sample_rate integer null`);
    this.addSql(`alter table media_files add column channels integer null`);
    this.addSql(`alter table media_files add column loudness jsonb null`);
    this.addSql(`alter table media_files add column original_key text null`);
    this.addSql(`update media_files set original_key = storage_key`);
    this.addSql(`alter table media_files alter column original_key set not null`);
    this.addSql(`create index media_files_podcast_id_index on media_files (podcast_id)`);

    this.addSql(`
      create table media_outputs (
        id uuid primary key,
        media_id uuid not null references media_files (id) on delete cascade,
        role text not null,
        storage_key text not null unique,
        mime_type text not null,
        size_bytes bigint not null check (size_bytes >= 0),
        width integer null,
        height integer null,
        bitrate integer null,
        duration_seconds integer null,
        job_id uuid null,
        created_at timestamptz not null
      )`);
    this.addSql('create index media_outputs_media_id_index on media_outputs (media_id)');
    this.addSql(`
      create table processing_jobs (
        id uuid primary key,
        media_id uuid not null references media_files (id) on delete cascade,
        owner_id text not null,
        type text not null,
        status text not null check (status in ('queued', 'running', 'succeeded', 'failed')),
        progress real not null default 0,
        step text null,
        attempts integer not null default 0,
        error text null,
        params jsonb null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index processing_jobs_media_id_index on processing_jobs (media_id)');
    this.addSql(
      "create index processing_jobs_unfinished_index on processing_jobs (status) where status in ('queued', 'running')",
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists processing_jobs');
    this.addSql('drop table if exists media_outputs');
    for (const column of [
      'purpose',
      'podcast_id',
      'format',
      'status',
      'codec',
      'sample_rate',
      'channels',
      'loudness',
      'original_key',
    ]) {
      this.addSql(`alter table media_files drop column ${column}`);
    }
    this.addSql(`alter table uploads add column expires_at timestamptz not null default now()`);
    for (const column of ['purpose', 'podcast_id', 'updated_at', 'normalize'])
      this.addSql(`alter table uploads drop column ${column}`);
    this.addSql(`alter table uploads drop constraint uploads_status_check`);
    this.addSql(`update uploads set status = 'pending' where status = 'uploading'`);
    this.addSql(`update uploads set status = 'failed' where status = 'refused'`);
    this.addSql(`alter table uploads alter column status set default 'pending'`);
    this.addSql(
      `alter table uploads add constraint uploads_status_check check (status in ('pending', 'completed', 'failed'))`,
    );
  }
}
