import { Migration } from '@mikro-orm/migrations';

/** What a stored media URL's key is: every URL Castbase stored ends with it, in segments needing no encoding. */
const KEY_OF = `'.*(public/media/.*)$'`;

/**
 * Media URLs are made when read, from storage keys (issue 8): a podcast keeps its artwork's key and an episode's
 * media its `storageKey` instead of absolute URLs, which went stale when `PUBLIC_URL` or `S3_PUBLIC_URL` changed.
 * A URL without a key came from nowhere Castbase stores media: the artwork or media is then left unset (the media
 * id of the artwork stays).
 */
export class StoreMediaKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table podcasts add column artwork_key text null');
    this.addSql(`update podcasts set artwork_key = substring(artwork_url from ${KEY_OF})`);
    this.addSql('alter table podcasts drop column artwork_url');
    this.addSql(`
      update episodes
        set media = case
          when substring(media ->> 'url' from ${KEY_OF}) is null then null
          else (media - 'url') || jsonb_build_object('storageKey', substring(media ->> 'url' from ${KEY_OF}))
        end
        where media ->> 'url' is not null`);
  }

  override async down(): Promise<void> {
    // Addresses cannot be rebuilt here (they depend on the configuration): keys stand in for them.
    this.addSql('alter table podcasts add column artwork_url text null');
    this.addSql('update podcasts set artwork_url = artwork_key');
    this.addSql('alter table podcasts drop column artwork_key');
    this.addSql(`
      update episodes
        set media = (media - 'storageKey') || jsonb_build_object('url', media ->> 'storageKey')
        where media ->> 'storageKey' is not null`);
  }
}
