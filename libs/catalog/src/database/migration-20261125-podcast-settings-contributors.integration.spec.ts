import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { catalogDatabase } from './catalog-database.js';

describe('catalog migration 20261125_podcast_settings_contributors, on podcasts stored before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_catalog_contributors');
    orm = await openServiceDatabase(catalogDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema catalog cascade');
    await rows('create schema catalog');
    await orm.migrator.up({ to: '20261125000200_audio_bitrate' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it("gives each existing podcast its owner's row (active, with the owner e-mail) and the new fields their defaults", async () => {
    const podcastIds = [randomUUID(), randomUUID()];
    for (const [index, id] of podcastIds.entries()) {
      await rows(
        `insert into catalog.podcasts (id, owner_id, owner_username, name, slug, owner_email, podcast_guid, created_at, updated_at)
           values (?, ?, ?, 'Show', ?, ?, ?, now(), now())`,
        [
          id,
          `auth0|owner-${index}`,
          `owner${index}`,
          `show-${index}`,
          `owner${index}@example.org`,
          randomUUID(),
        ],
      );
    }

    await migrateServiceDatabase(orm, 'catalog');

    expect(
      await rows(
        `select podcast_id, user_id, email, name, role, status from catalog.contributors order by user_id`,
      ),
    ).toEqual(
      podcastIds.map((podcastId, index) => ({
        podcast_id: podcastId,
        user_id: `auth0|owner-${index}`,
        email: `owner${index}@example.org`,
        name: `owner${index}`,
        role: 'owner',
        status: 'active',
      })),
    );
    expect(
      await rows(
        `select distinct podcast_locked, podcast_medium, podcast_persons, lightning_address, value_enabled,
                private_access_token from catalog.podcasts`,
      ),
    ).toEqual([
      {
        podcast_locked: false,
        podcast_medium: 'podcast',
        podcast_persons: [],
        lightning_address: '',
        value_enabled: false,
        private_access_token: null,
      },
    ]);
  });
});
