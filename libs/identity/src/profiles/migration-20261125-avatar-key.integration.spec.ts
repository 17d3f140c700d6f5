import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { identityDatabase } from '../identity-database.js';

describe('identity migration 20261125_avatar_key, on profiles stored before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_identity_avatar_key');
    orm = await openServiceDatabase(identityDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema identity cascade');
    await rows('create schema identity');
    await orm.migrator.up({ to: '20261123000200_accounts' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('turns a picture URL into its key, and drops the address of a picture stored elsewhere', async () => {
    const key = 'public/media/auth0-ada/6f1c2b9e-0d8a-4d3e-9b7a-2c5e8f1a3b4d/avatar.png';
    const profile = (id: string, avatarUrl: string | null) =>
      rows(
        `insert into identity.user_profiles (id, username, first_name, last_name, email, avatar_url, created_at, updated_at)
           values (?, ?, 'Ada', 'Lovelace', 'ada@example.com', ?, now(), now())`,
        [id, id.replace('|', '_'), avatarUrl],
      );
    await profile('auth0|ada', `https://old.example/storage/${key}`);
    await profile('auth0|bob', 'https://elsewhere.example/avatar.png');
    await profile('auth0|cy', null);

    await migrateServiceDatabase(orm, 'identity');

    expect(await rows('select id, avatar_key from identity.user_profiles order by id')).toEqual([
      { id: 'auth0|ada', avatar_key: key },
      { id: 'auth0|bob', avatar_key: null },
      { id: 'auth0|cy', avatar_key: null },
    ]);
  });
});
