import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { analyticsDatabase } from './analytics-database.js';

describe('analytics migration 20261125_enclosure_keys, on enclosures stored before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_analytics_enclosure_keys');
    orm = await openServiceDatabase(analyticsDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema analytics cascade');
    await rows('create schema analytics');
    await orm.migrator.up({ to: '20261122000200_download_owners' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('turns a media URL into its key, and drops an enclosure whose media was stored elsewhere', async () => {
    const key = `public/media/auth0-ada/${randomUUID()}/pilot.mp3`;
    const [kept, dropped] = [randomUUID(), randomUUID()];
    const enclosure = (episodeId: string, mediaUrl: string) =>
      rows(
        `insert into analytics.enclosures (episode_id, podcast_id, owner_id, media_url, file_name, updated_at)
           values (?, ?, 'auth0|ada', ?, 'pilot.mp3', now())`,
        [episodeId, randomUUID(), mediaUrl],
      );
    await enclosure(kept, `https://old.example/storage/${key}`);
    await enclosure(dropped, 'https://elsewhere.example/pilot.mp3');

    await migrateServiceDatabase(orm, 'analytics');

    expect(await rows('select episode_id, media_key from analytics.enclosures')).toEqual([
      { episode_id: kept, media_key: key },
    ]);
  });
});
