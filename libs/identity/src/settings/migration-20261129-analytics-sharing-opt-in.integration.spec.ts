import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { identityDatabase } from '../identity-database.js';

describe('identity migration 20261129_analytics_sharing_opt_in, on settings stored before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_identity_sharing_opt_in');
    orm = await openServiceDatabase(identityDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema identity cascade');
    await rows('create schema identity');
    await orm.migrator.up({ to: '20261125000100_avatar_key' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('turns every stored analytics sharing choice off (it was no consent to publish figures) and keeps the other switches', async () => {
    const settings = (userId: string, privacy: Record<string, boolean>) =>
      rows(
        `insert into identity.user_settings (user_id, notifications, privacy, theme, updated_at)
           values (?, '{}'::jsonb, ?::jsonb, 'system', now())`,
        [userId, JSON.stringify(privacy)],
      );
    await settings('ada', { profilePublic: true, analyticsSharing: true, marketingEmails: true });
    await settings('bob', { profilePublic: false, analyticsSharing: false, marketingEmails: false });
    await settings('cy', { profilePublic: true });

    await migrateServiceDatabase(orm, 'identity');

    expect(await rows('select user_id, privacy from identity.user_settings order by user_id')).toEqual([
      {
        user_id: 'ada',
        privacy: { profilePublic: true, analyticsSharing: false, marketingEmails: true },
      },
      {
        user_id: 'bob',
        privacy: { profilePublic: false, analyticsSharing: false, marketingEmails: false },
      },
      { user_id: 'cy', privacy: { profilePublic: true, analyticsSharing: false } },
    ]);
  });
});
