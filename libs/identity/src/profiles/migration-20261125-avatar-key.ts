import { Migration } from '@mikro-orm/migrations';

/**
 * Media URLs are made when read, from storage keys (issue 8): the profile keeps its picture's key instead of an
 * absolute URL, which went stale when `PUBLIC_URL` or `S3_PUBLIC_URL` changed. Every stored picture URL ends with
 * its key (`…/public/media/{owner}/{upload}/…`, segments that need no URL encoding); one that does not came from
 * nowhere Castbase stores media, and the profile then shows no picture (its media id stays, for its removal).
 */
export class StoreAvatarKey extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table user_profiles add column avatar_key text null');
    this.addSql(`update user_profiles set avatar_key = substring(avatar_url from '.*(public/media/.*)$')`);
    this.addSql('alter table user_profiles drop column avatar_url');
  }

  override async down(): Promise<void> {
    // The address cannot be rebuilt here (it depends on the configuration): the key stands in for it.
    this.addSql('alter table user_profiles add column avatar_url text null');
    this.addSql('update user_profiles set avatar_url = avatar_key');
    this.addSql('alter table user_profiles drop column avatar_key');
  }
}
