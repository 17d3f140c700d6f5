import { Migration } from '@mikro-orm/migrations';

/**
 * Profiles, settings and the account deletion saga's record (unqualified: the migrator sets search_path to the
 * identity schema).
 */
export class CreateAccountTables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table user_profiles (
        id text primary key,
        username text not null,
        display_name text not null default 'Castbase Creator',
        first_name text not null,
        last_name text not null,
        email text not null,
        bio text not null default '',
        avatar_url text null,
        avatar_media_id uuid null,
        timezone text not null default 'UTC',
        email_opt_in boolean not null default false,
        onboarding_complete boolean not null default false,
        rss_feed_url text null,
        rss_feed_urls jsonb not null default '[]',
        rss_generated_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`);
    this.addSql('create unique index user_profiles_username_lower_unique on user_profiles (lower(username))');
    this.addSql(`
      create table user_settings (
        user_id text primary key,
        notifications jsonb not null,
        privacy jsonb not null,
        theme text not null default 'system' check (theme in ('system', 'light', 'dark')),
        updated_at timestamptz not null
      )`);
    this.addSql(`
      create table account_deletions (
        id uuid primary key,
        subject_hash text not null,
        user_id text null,
        status text not null default 'in_progress' check (status in ('in_progress', 'completed')),
        attempts integer not null default 1 check (attempts > 0),
        requested_at timestamptz not null,
        last_attempt_at timestamptz not null,
        completed_at timestamptz null,
        constraint account_deletions_user_id_until_completed check ((status = 'completed') = (user_id is null))
      )`);
    this.addSql(
      'create index account_deletions_subject_hash_requested_at_index on account_deletions (subject_hash, requested_at)',
    );
    this.addSql(`
      create unique index account_deletions_one_open_per_subject
        on account_deletions (subject_hash) where status <> 'completed'`);
    this.addSql(`
      create table account_deletion_steps (
        deletion_id uuid not null references account_deletions (id) on delete cascade,
        service text not null,
        status text not null default 'pending' check (status in ('pending', 'done')),
        removed jsonb not null default '{}',
        completed_at timestamptz null,
        primary key (deletion_id, service)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists account_deletion_steps');
    this.addSql('drop table if exists account_deletions');
    this.addSql('drop table if exists user_settings');
    this.addSql('drop table if exists user_profiles');
  }
}
