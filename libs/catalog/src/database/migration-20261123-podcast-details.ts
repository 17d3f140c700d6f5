import { Migration } from '@mikro-orm/migrations';

/**
 * The podcast fields of the onboarding wizard and the settings form (spec 1 §3). Lists are jsonb: names and
 * labels keep any character a person types. Podcasts created before keep empty values, except owner_name,
 * which the spec takes from the host name.
 */
export class AddPodcastDetails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table podcasts
        add column co_hosts jsonb not null default '[]',
        add column tags jsonb not null default '[]',
        add column artwork_media_id uuid null,
        add column website_url text not null default '',
        add column email text not null default '',
        add column owner_name text not null default '',
        add column owner_email text not null default '',
        add column copyright text not null default '',
        add column funding_links jsonb not null default '[]',
        add column social_links jsonb not null default '[]'`);
    this.addSql('update podcasts set owner_name = author');
    this.addSql('create index episodes_owner_id_created_at_id_index on episodes (owner_id, created_at, id)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists episodes_owner_id_created_at_id_index');
    this.addSql(`
      alter table podcasts
        drop column co_hosts,
        drop column tags,
        drop column artwork_media_id,
        drop column website_url,
        drop column email,
        drop column owner_name,
        drop column owner_email,
        drop column copyright,
        drop column funding_links,
        drop column social_links`);
  }
}
