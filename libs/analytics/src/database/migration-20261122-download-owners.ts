import { Migration } from '@mikro-orm/migrations';

/**
 * Downloads carry the owner of the episode, copied from its enclosure, so account deletion finds them without
 * asking the catalog. Downloads whose enclosure is already gone cannot be attributed to anyone, and so could
 * never be erased on request: they are deleted here.
 */
export class AddOwnerToDownloads extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table downloads add column owner_id text null');
    this.addSql(
      'update downloads set owner_id = enclosures.owner_id from enclosures where enclosures.episode_id = downloads.episode_id',
    );
    this.addSql('delete from downloads where owner_id is null');
    this.addSql('alter table downloads alter column owner_id set not null');
    this.addSql('create index downloads_owner_id_index on downloads (owner_id)');
    this.addSql('create index enclosures_owner_id_index on enclosures (owner_id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists enclosures_owner_id_index');
    this.addSql('alter table downloads drop column owner_id');
  }
}
