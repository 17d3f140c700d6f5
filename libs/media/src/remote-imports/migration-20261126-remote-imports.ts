import { Migration } from '@mikro-orm/migrations';

/** Files copied from other hosts into storage (the feed import's enclosures and artwork). */
export class CreateRemoteImports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table remote_imports (
      id uuid primary key,
      owner_id text not null,
      podcast_id uuid not null,
      target_id uuid not null,
      purpose text not null check (purpose in ('episode-media', 'podcast-art')),
      url text not null,
      status text not null check (status in ('queued', 'copying', 'ready', 'failed')),
      bytes_done bigint not null default 0,
      bytes_total bigint null,
      media_id uuid null,
      error text null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(
      'create index remote_imports_owner_id_podcast_id_index on remote_imports (owner_id, podcast_id)',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table remote_imports');
  }
}
