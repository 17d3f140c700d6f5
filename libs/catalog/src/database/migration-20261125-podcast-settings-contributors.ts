import { Migration } from '@mikro-orm/migrations';

/**
 * The podcast fields of spec 1 §3 the settings screen adds (Podcasting 2.0 lock, medium, persons, value, the
 * private feed's token), and contributors with their roles (spec 3 §2.6, §5). Every existing podcast's owner gets
 * their row, so the access check reads one table for everybody.
 */
export class AddPodcastSettingsAndContributors extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table podcasts
        add column podcast_locked boolean not null default false,
        add column podcast_medium text not null default 'podcast',
        add column podcast_persons jsonb not null default '[]',
        add column lightning_address text not null default '',
        add column value_enabled boolean not null default false,
        add column private_access_token text null`);
    // The foreign key is checked at commit: a podcast and its owner's row are written in one flush, in any order.
    this.addSql(`
      create table contributors (
        id uuid primary key,
        podcast_id uuid not null references podcasts (id) on delete cascade deferrable initially deferred,
        email text not null,
        name text null,
        user_id text null,
        role text not null check (role in ('owner', 'editor', 'viewer')),
        status text not null check (status in ('pending', 'active')),
        invited_by text null,
        invited_at timestamptz not null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check ((status = 'active') = (user_id is not null))
      )`);
    // One row per person per podcast: by account once known, by e-mail (whatever its case) while invited.
    this.addSql(
      'create unique index contributors_user_id_podcast_id_index on contributors (user_id, podcast_id) where user_id is not null',
    );
    this.addSql(
      "create unique index contributors_podcast_id_email_unique on contributors (podcast_id, lower(email)) where email <> ''",
    );
    this.addSql(
      "create unique index contributors_one_owner_unique on contributors (podcast_id) where role = 'owner'",
    );
    // Invitations waiting for their e-mail to sign in.
    this.addSql(
      "create index contributors_pending_email_index on contributors (lower(email)) where status = 'pending'",
    );
    this.addSql(`
      insert into contributors (id, podcast_id, email, name, user_id, role, status, invited_by, invited_at, created_at, updated_at)
      select gen_random_uuid(), id, owner_email, owner_username, owner_id, 'owner', 'active', null, created_at, created_at, now()
        from podcasts`);
    // The backfill's deferred checks run now, not at the end of the migrations' transaction: a table with checks
    // still pending cannot be altered by a later migration of the same run.
    this.addSql('set constraints contributors_podcast_id_fkey immediate');
    this.addSql('set constraints contributors_podcast_id_fkey deferred');
  }

  override async down(): Promise<void> {
    this.addSql('drop table contributors');
    this.addSql(`
      alter table podcasts
        drop column podcast_locked,
        drop column podcast_medium,
        drop column podcast_persons,
        drop column lightning_address,
        drop column value_enabled,
        drop column private_access_token`);
  }
}
