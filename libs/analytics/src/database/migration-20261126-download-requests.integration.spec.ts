import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import { openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { analyticsDatabase } from './analytics-database.js';

describe('analytics migration 20261126_download_requests, on downloads recorded before it', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const rows = (sql: string, parameters: unknown[] = []) =>
    orm.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_analytics_download_requests');
    orm = await openServiceDatabase(analyticsDatabase, { url: database.url, poolMax: 2 });
    // The template database is migrated to the end: start again from the schema before this migration.
    await rows('drop schema analytics cascade');
    await rows('create schema analytics');
    await orm.migrator.up({ to: '20261126000100_podcast_access' });
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('moves every download into download_requests with its address hash as the listener of its day', async () => {
    const [podcastId, episodeId] = [randomUUID(), randomUUID()];
    const ipHash = 'ab'.repeat(32);
    const download = (id: string, userAgent: string | null, rangeStart: number | null) =>
      rows(
        `insert into analytics.downloads (id, episode_id, podcast_id, owner_id, occurred_at, ip_hash, user_agent,
           referrer, range_start) values (?, ?, ?, 'auth0|ada', '2026-11-20T10:00:00Z', ?, ?, 'https://overcast.fm/', ?)`,
        [id, episodeId, podcastId, ipHash, userAgent, rangeStart],
      );
    const [whole, fromStart, anonymous] = [randomUUID(), randomUUID(), randomUUID()];
    await download(whole, 'Overcast/3.0', null);
    await download(fromStart, 'AntennaPod/3.5.0', 0);
    await download(anonymous, null, null);

    await orm.migrator.up({ to: '20261126000200_download_requests' });

    const moved = await rows(
      `select id, podcast_id, owner_id, listener_day, listener_next, user_agent, referrer, range_header, prefetch,
         occurred_at from analytics.download_requests order by user_agent`,
    );
    const common = {
      podcast_id: podcastId,
      owner_id: 'auth0|ada',
      listener_day: Buffer.from(ipHash, 'hex'),
      listener_next: null,
      referrer: 'https://overcast.fm/',
      prefetch: false,
      occurred_at: expect.stringMatching(/^2026-11-20/),
    };
    expect(moved).toEqual([
      { ...common, id: anonymous, user_agent: '', range_header: null },
      { ...common, id: fromStart, user_agent: 'AntennaPod/3.5.0', range_header: 'bytes=0-' },
      { ...common, id: whole, user_agent: 'Overcast/3.0', range_header: null },
    ]);
    // The raw table is gone (the counted downloads of 20261126000300 take its name later).
    expect(await rows(`select to_regclass('analytics.downloads') as name`)).toEqual([{ name: null }]);
  });
});
