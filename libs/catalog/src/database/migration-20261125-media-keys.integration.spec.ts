import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateServiceDatabase, openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { catalogDatabase } from './catalog-database.js';

describe('catalog migration 20261125_media_keys, on rows stored before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_catalog_media_keys');
    orm = await openServiceDatabase(catalogDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema catalog cascade');
    await rows('create schema catalog');
    await orm.migrator.up({ to: '20261123000100_podcast_details' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('turns artwork and episode media URLs into their keys, and drops addresses of media stored elsewhere', async () => {
    const key = (name: string) => `public/media/auth0-ada/${randomUUID()}/${name}`;
    const [artKey, mediaKey] = [key('cover.png'), key('pilot.mp3')];
    const podcastId = randomUUID();
    const strangerId = randomUUID();
    const episodeId = randomUUID();
    const strangeEpisodeId = randomUUID();
    const podcast = (id: string, slug: string, artworkUrl: string) =>
      rows(
        `insert into catalog.podcasts (id, owner_id, name, slug, artwork_url, podcast_guid, created_at, updated_at)
           values (?, 'auth0|ada', 'Show', ?, ?, ?, now(), now())`,
        [id, slug, artworkUrl, randomUUID()],
      );
    const episode = (id: string, url: string) =>
      rows(
        `insert into catalog.episodes (id, podcast_id, owner_id, title, guid, media, created_at, updated_at)
           values (?, ?, 'auth0|ada', 'Pilot', ?, ?, now(), now())`,
        [id, podcastId, id, JSON.stringify({ mediaId: randomUUID(), fileName: 'pilot.mp3', url })],
      );
    await podcast(podcastId, 'show', `https://old.example/storage/${artKey}`);
    await podcast(strangerId, 'stranger', 'https://elsewhere.example/cover.png');
    await episode(episodeId, `https://cdn.example/${mediaKey}`);
    await episode(strangeEpisodeId, 'https://elsewhere.example/pilot.mp3');

    await migrateServiceDatabase(orm, 'catalog');

    expect(await rows('select id, artwork_key from catalog.podcasts order by slug')).toEqual([
      { id: podcastId, artwork_key: artKey },
      { id: strangerId, artwork_key: null },
    ]);
    const media = await rows('select id, media from catalog.episodes');
    expect(media).toEqual(
      expect.arrayContaining([
        {
          id: episodeId,
          media: { mediaId: expect.any(String), fileName: 'pilot.mp3', storageKey: mediaKey },
        },
        { id: strangeEpisodeId, media: null },
      ]),
    );
  });
});
