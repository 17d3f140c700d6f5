import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { catalogDatabase } from './catalog-database.js';

describe('catalog migration 20261126_podcast_channel_feeds, on podcasts stored before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_catalog_channel');
    orm = await openServiceDatabase(catalogDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema catalog cascade');
    await rows('create schema catalog');
    await orm.migrator.up({ to: '20261125000600_episode_search' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('gives existing podcasts the channel defaults and keeps the podcast:guid each already has', async () => {
    const podcasts = [
      { id: randomUUID(), guid: randomUUID() },
      { id: randomUUID(), guid: randomUUID() },
    ];
    for (const [index, { id, guid }] of podcasts.entries()) {
      await rows(
        `insert into catalog.podcasts (id, owner_id, owner_username, name, slug, podcast_guid, created_at, updated_at)
           values (?, ?, ?, 'Show', ?, ?, now(), now())`,
        [id, `owner-${index}`, `owner${index}`, `show-${index}`, guid],
      );
    }

    await migrateServiceDatabase(orm, 'catalog');

    expect(await rows(`select id, podcast_guid from catalog.podcasts order by owner_id`)).toEqual(
      podcasts.map(({ id, guid }) => ({ id, podcast_guid: guid })),
    );
    expect(
      await rows(
        `select distinct feed_block, feed_complete, license, location, update_frequency, podroll, txt
           from catalog.podcasts`,
      ),
    ).toEqual([
      {
        feed_block: false,
        feed_complete: false,
        license: null,
        location: null,
        update_frequency: null,
        podroll: [],
        txt: [],
      },
    ]);
  });
});
