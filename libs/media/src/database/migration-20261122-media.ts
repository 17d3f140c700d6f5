import { Migration } from '@mikro-orm/migrations';

/** Uploads and media files (unqualified: the migrator sets search_path to the media schema). */
export class CreateMediaTables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table uploads (
        id uuid primary key,
        owner_id text not null,
        file_name text not null,
        content_type text not null,
        size_bytes bigint not null check (size_bytes > 0),
        storage_key text not null unique,
        status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
        expires_at timestamptz not null,
        created_at timestamptz not null
      )`);
    this.addSql('create index uploads_owner_id_index on uploads (owner_id)');
    this.addSql(`
      create table media_files (
        id uuid primary key,
        owner_id text not null,
        kind text not null check (kind in ('audio', 'video')),
        file_name text not null,
        mime_type text not null,
        size_bytes bigint not null check (size_bytes >= 0),
        duration_seconds integer not null check (duration_seconds >= 0),
        bitrate integer null,
        storage_key text not null unique,
        created_at timestamptz not null
      )`);
    this.addSql('create index media_files_owner_id_index on media_files (owner_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists media_files');
    this.addSql('drop table if exists uploads');
  }
}
