import { Migration } from '@mikro-orm/migrations';

/**
 * Media URLs are made when read, from storage keys (issue 8): an enclosure keeps its media's key, and the redirect
 * makes the address per request, so a change of `PUBLIC_URL` or `S3_PUBLIC_URL` leaves nothing stale. Every stored
 * URL ends with its key (`…/public/media/…`); an enclosure whose URL does not came from nowhere Castbase stores
 * media and is dropped (the episode's next publication writes it again).
 */
export class StoreEnclosureKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table enclosures add column media_key text null');
    this.addSql(`update enclosures set media_key = substring(media_url from '.*(public/media/.*)$')`);
    this.addSql('delete from enclosures where media_key is null');
    this.addSql('alter table enclosures alter column media_key set not null, drop column media_url');
  }

  override async down(): Promise<void> {
    // Addresses cannot be rebuilt here (they depend on the configuration): keys stand in for them.
    this.addSql('alter table enclosures add column media_url text null');
    this.addSql('update enclosures set media_url = media_key');
    this.addSql('alter table enclosures alter column media_url set not null, drop column media_key');
  }
}
