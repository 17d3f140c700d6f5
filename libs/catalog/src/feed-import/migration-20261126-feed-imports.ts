import { Migration } from '@mikro-orm/migrations';

/** Podcasts imported from another host and their imported items (issue 11 item 7). */
export class CreateFeedImports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table feed_imports (
      id uuid primary key,
      podcast_id uuid not null unique references podcasts (id) on delete cascade,
      owner_id text not null,
      feed_url text not null,
      added integer not null default 0,
      started_at timestamptz not null,
      last_run_at timestamptz not null
    )`);
    this.addSql('create index feed_imports_owner_id_index on feed_imports (owner_id)');
    this.addSql(`create table feed_import_items (
      id uuid primary key,
      import_id uuid not null references feed_imports (id) on delete cascade,
      podcast_id uuid not null,
      episode_id uuid not null unique references episodes (id) on delete cascade,
      guid text not null,
      enclosure_url text null,
      size_bytes bigint null,
      chapters_url text null,
      publish_date timestamptz null,
      status text not null check (status in ('copying', 'ready', 'failed')),
      error text null,
      created_at timestamptz not null,
      constraint feed_import_items_podcast_id_guid_unique unique (podcast_id, guid)
    )`);
    this.addSql('create index feed_import_items_import_id_index on feed_import_items (import_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table feed_import_items');
    this.addSql('drop table feed_imports');
  }
}
