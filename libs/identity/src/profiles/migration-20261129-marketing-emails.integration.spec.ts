import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { identityDatabase } from '../identity-database.js';

describe('identity migration 20261129_marketing_emails: the onboarding opt-in moves into the privacy settings', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_identity_marketing_emails');
    orm = await openServiceDatabase(identityDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema identity cascade');
    await rows('create schema identity');
    await orm.migrator.up({ to: '20261129000300_analytics_sharing_opt_in' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('keeps one marketing preference per user, off where the two places disagreed, and drops the profile column', async () => {
    const profile = (id: string, emailOptIn: boolean) =>
      rows(
        `insert into identity.user_profiles (id, username, first_name, last_name, email, email_opt_in, created_at, updated_at)
           values (?, ?, 'Ada', 'Lovelace', 'ada@example.com', ?, now(), now())`,
        [id, id, emailOptIn],
      );
    const settings = (userId: string, marketingEmails: boolean) =>
      rows(
        `insert into identity.user_settings (user_id, notifications, privacy, theme, updated_at)
           values (?, '{}'::jsonb, ?::jsonb, 'dark', now())`,
        [userId, JSON.stringify({ profilePublic: false, marketingEmails })],
      );
    // Opted in at onboarding, never saved settings; and not opted in, never saved.
    await profile('onboarding_yes', true);
    await profile('onboarding_no', false);
    // Both stored: agreeing, and disagreeing either way.
    await profile('both_yes', true);
    await settings('both_yes', true);
    await profile('settings_no', true);
    await settings('settings_no', false);
    await profile('profile_no', false);
    await settings('profile_no', true);

    await migrateServiceDatabase(orm, 'identity');

    expect(await rows(`select user_id, privacy, theme from identity.user_settings order by user_id`)).toEqual(
      [
        { user_id: 'both_yes', privacy: { profilePublic: false, marketingEmails: true }, theme: 'dark' },
        { user_id: 'onboarding_yes', privacy: { marketingEmails: true }, theme: 'system' },
        { user_id: 'profile_no', privacy: { profilePublic: false, marketingEmails: false }, theme: 'dark' },
        { user_id: 'settings_no', privacy: { profilePublic: false, marketingEmails: false }, theme: 'dark' },
      ],
    );
    expect(
      await rows(
        `select column_name from information_schema.columns
           where table_schema = 'identity' and table_name = 'user_profiles' and column_name = 'email_opt_in'`,
      ),
    ).toEqual([]);
  });
});
