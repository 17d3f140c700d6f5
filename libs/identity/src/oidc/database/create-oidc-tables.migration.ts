import { Migration } from '@mikro-orm/migrations';

/**
 * The built-in OpenID Connect provider: local accounts, password reset tokens, kept e-mail, the provider's own
 * storage, its generated keys and the shared sign-in attempt counters (unqualified: the migrator sets search_path).
 */
export class CreateOidcTables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table accounts (
        id uuid primary key,
        email text not null,
        password_hash text not null,
        email_verified boolean not null default false,
        failed_sign_ins integer not null default 0,
        locked_until timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint accounts_email_unique unique (email)
      )`);
    this.addSql(`
      create table password_reset_tokens (
        id uuid primary key,
        account_id uuid not null references accounts (id) on delete cascade,
        token_hash text not null,
        expires_at timestamptz not null,
        consumed_at timestamptz null,
        created_at timestamptz not null,
        constraint password_reset_tokens_token_hash_unique unique (token_hash)
      )`);
    this.addSql('create index password_reset_tokens_account_id_index on password_reset_tokens (account_id)');
    this.addSql(`
      create table sent_mail (
        id uuid primary key,
        account_id uuid null,
        to_address text not null,
        subject text not null,
        text_body text not null,
        html_body text not null,
        created_at timestamptz not null
      )`);
    this.addSql('create index sent_mail_account_id_index on sent_mail (account_id)');
    this.addSql('create index sent_mail_created_at_index on sent_mail (created_at)');
    this.addSql(`
      create table oidc_payloads (
        kind text not null,
        id text not null,
        payload jsonb not null,
        grant_id text null,
        user_code text null,
        uid text null,
        account_id text null,
        expires_at timestamptz null,
        consumed_at timestamptz null,
        primary key (kind, id)
      )`);
    this.addSql('create index oidc_payloads_grant_id_index on oidc_payloads (grant_id)');
    this.addSql('create index oidc_payloads_uid_index on oidc_payloads (uid)');
    this.addSql('create index oidc_payloads_user_code_index on oidc_payloads (user_code)');
    this.addSql('create index oidc_payloads_account_id_index on oidc_payloads (account_id)');
    this.addSql('create index oidc_payloads_expires_at_index on oidc_payloads (expires_at)');
    this.addSql(`
      create table oidc_keys (
        name text primary key,
        value jsonb not null,
        created_at timestamptz not null
      )`);
    // The layout rate-limiter-flexible's RateLimiterPostgres expects (it is told the table exists).
    this.addSql(`
      create table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint null
      )`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'rate_limits',
      'oidc_keys',
      'oidc_payloads',
      'sent_mail',
      'password_reset_tokens',
      'accounts',
    ])
      this.addSql(`drop table if exists ${table}`);
  }
}
