import { Migration } from '@mikro-orm/migrations';

/** Each podcast's visibility and token hash, for the enclosure redirect's private-feed check. */
export class CreatePodcastAccess extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table podcast_access (
        podcast_id uuid primary key,
        owner_id text not null,
        private boolean not null,
        token_hash text null,
        updated_at timestamptz not null
      )`);
    this.addSql('create index podcast_access_owner_id_index on podcast_access (owner_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists podcast_access');
  }
}
