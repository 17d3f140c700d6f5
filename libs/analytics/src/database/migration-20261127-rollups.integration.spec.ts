import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { analyticsDatabase } from './analytics-database.js';
import { insertDownloads, rollupsFromScratch, storedRollups } from './testing/download-rollups.js';

describe('analytics migrations 20261127 (rollups), on downloads, feed requests and sessions recorded before them', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let client: pg.Client;
  const [podcast, episode, other] = [randomUUID(), randomUUID(), randomUUID()];
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_analytics_rollup_migrations');
    orm = await openServiceDatabase(analyticsDatabase, { url: database.url, poolMax: 2 });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // The template database is migrated to the end: start again from the schema before these migrations.
    await client.query('drop schema analytics cascade');
    await client.query('create schema analytics');
    await orm.migrator.up({ to: '20261126000500_listening_sessions' });
  });

  afterAll(async () => {
    await client?.end();
    await orm?.close();
    await database?.drop();
  });

  it('rolls up every counted download, feed request and session already there, which stay where they were', async () => {
    await insertDownloads(client, [
      { countedAt: hoursAgo(2), podcastId: podcast, episodeId: episode, listener: 'aa'.repeat(16) },
      {
        countedAt: hoursAgo(30),
        podcastId: podcast,
        episodeId: episode,
        listener: 'aa'.repeat(16),
        country: null,
      },
      {
        countedAt: hoursAgo(30),
        podcastId: podcast,
        episodeId: other,
        listener: 'bb'.repeat(16),
        app: 'Castro',
      },
      { countedAt: hoursAgo(24 * 40), podcastId: podcast, episodeId: other, listener: 'cc'.repeat(16) },
      {
        countedAt: hoursAgo(3),
        podcastId: podcast,
        episodeId: episode,
        listener: 'dd'.repeat(16),
        excluded: 'burst',
      },
    ]);
    for (const [hours, filtered] of [
      [5, false],
      [5, true],
      [50, false],
    ] as const)
      await client.query(
        `insert into analytics.feed_requests (requested_at, podcast_id, variant, status, bytes, encoding, cache_hit, app,
           app_kind, filtered, country, fetcher, aggregator, aggregator_feed, aggregator_subscribers)
         values ($1, $2, 'main', 200, 1500, 'gzip', false, 'Overcast', 'app', $3, 'US', '\\x01', 'Overcast', '7', 40)`,
        [hoursAgo(hours), podcast, filtered],
      );

    for (const [hours, listened, duration] of [
      [2, 30, 60],
      [26, 90, 60],
      [27, 10, null],
    ] as const)
      await client.query(
        `insert into analytics.listening_sessions (session_id, podcast_id, episode_id, owner_id, player, listener, app,
           device, started_at, last_beacon_at, listened_seconds, max_position, duration_seconds)
         values ($1, $2, $3, 'owner-rollups', 'embed', '\\x01', 'Web Browser', 'desktop', $4, $4, $5, $5, $6)`,
        [randomUUID(), podcast, episode, hoursAgo(hours), listened, duration],
      );

    await orm.migrator.up({ to: '20261127000300_listening_rollups' });

    const rollups = await storedRollups(client);
    expect(rollups).toEqual(await rollupsFromScratch(client));
    expect(rollups['podcast_download_months']?.filter((line) => line.includes(' total '))).toHaveLength(
      new Set([hoursAgo(2), hoursAgo(30), hoursAgo(24 * 40)].map((at) => at.slice(0, 7))).size,
    );
    const { rows: feed } = await client.query(
      `select (select count(*)::int from analytics.feed_requests) as requests,
              (select sum(requests)::int from analytics.podcast_feed_request_days where dimension = 'total') as counted,
              (select sum(bytes)::int from analytics.podcast_feed_request_months where dimension = 'total') as bytes,
              (select sum(requests)::int from analytics.podcast_feed_request_days where dimension = 'country') as people,
              (select subscribers from analytics.feed_aggregator_reports) as subscribers,
              (select relkind from pg_class where oid = 'analytics.feed_requests'::regclass) as kind`,
    );
    expect(feed).toEqual([{ requests: 3, counted: 3, bytes: 4500, people: 2, subscribers: 40, kind: 'p' }]);
    // Completion 50 and 100 (at most 100) over the two sessions of known length; 130 seconds over three.
    const { rows: listening } = await client.query(
      `select sum(sessions)::int as sessions, sum(timed)::int as timed, sum(completion) as completion,
              sum(listened) as listened from analytics.podcast_listening_days`,
    );
    expect(listening).toEqual([{ sessions: 3, timed: 2, completion: 150, listened: 130 }]);
  });
});
