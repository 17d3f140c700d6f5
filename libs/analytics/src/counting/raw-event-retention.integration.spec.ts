import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { analyticsDatabase } from '../database/analytics-database.js';
import { makeDayPartitions } from '../database/day-partitions.js';
import { insertDownloads } from '../database/testing/download-rollups.js';
import { RawEventRetention } from './raw-event-retention.js';

const DAY_MS = 86_400_000;

describe('RawEventRetention: raw requests older than ANALYTICS_RAW_RETENTION_DAYS dropped, counts and rollups kept', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let client: pg.Client;
  const podcast = randomUUID();
  const episode = randomUUID();
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const daysAgo = (days: number, hours = 12) => new Date(today - days * DAY_MS + hours * 3_600_000);
  const sql = async (text: string, parameters: unknown[] = []) => {
    let index = 0;
    const result = await client.query<Record<string, unknown>>(
      text.replace(/\?/g, () => `$${++index}`),
      parameters,
    );
    return result.rows;
  };
  const partitions = async (table: string) =>
    (
      await sql(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = ?::regclass order by 1`,
        [`analytics.${table}`],
      )
    ).map((row) => String(row['name']));
  const dayName = (table: string, days: number) =>
    `${table}_${new Date(today - days * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;

  /** A request served by Castbase's own storage, with what the storage reported it sent. */
  const request = async (at: Date) => {
    const id = randomUUID();
    await sql(
      `insert into analytics.download_requests (id, occurred_at, podcast_id, episode_id, owner_id, listener_day,
         user_agent, own_storage) values (?, ?, ?, ?, 'owner-retention', '\\x01', 'Overcast/3.0', true)`,
      [id, at, podcast, episode],
    );
    await sql(
      `insert into analytics.download_deliveries (request_id, requested_at, first_byte, bytes_sent, complete)
         values (?, ?, 0, 1000, true)`,
      [id, at],
    );
  };
  const deliveredAt = async () =>
    (await sql('select requested_at from analytics.download_deliveries order by 1')).map((row) =>
      (row['requested_at'] as Date).toISOString(),
    );
  const feedRequest = (at: Date) =>
    sql(
      `insert into analytics.feed_requests (requested_at, podcast_id, variant, status, bytes, encoding, cache_hit, app,
         app_kind, filtered, country, fetcher) values (?, ?, 'main', 200, 1000, 'gzip', false, 'Overcast', 'app', false, 'US', '\\x02')`,
      [at, podcast],
    );
  const retention = (days: number) =>
    new RawEventRetention(orm.em.fork(), { ANALYTICS_RAW_RETENTION_DAYS: days });

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_raw_retention');
    orm = await openServiceDatabase(analyticsDatabase, { url: database.url, poolMax: 2 });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // Day partitions from 20 days ago to today, as the partition job made them day after day; a journal's row of
    // 30 days ago in the default partition.
    for (const table of ['download_requests', 'feed_requests'] as const)
      await makeDayPartitions(sql, table, today - 20 * DAY_MS, 21, () => undefined);
    for (const days of [30, 15, 12, 3]) {
      await request(daysAgo(days));
      await feedRequest(daysAgo(days));
    }
    await sql(
      `insert into analytics.download_counting (id, attribution_version, counted_through) values (1, 'v', ?)`,
      [daysAgo(13, 0)],
    );
    // Downloads counted from those requests, one of them 62 days and a half ago (its hour is still followed).
    await insertDownloads(
      client,
      [62.5, 30, 15, 3].map((days) => ({
        countedAt: new Date(today - days * DAY_MS).toISOString(),
        podcastId: podcast,
        episodeId: episode,
        listener: `0${days}`.replace('.', '').padEnd(32, '0'),
      })),
    );
  });

  afterAll(async () => {
    await client?.end();
    await orm?.close();
    await database?.drop();
  });

  it('never drops download requests (and their deliveries) the counting has not gone a day past', async () => {
    await retention(10).apply();

    // Counted through the start of 13 days ago, whose windows read back to 14 days ago: the days before that go.
    expect(await partitions('download_requests')).toContain(dayName('download_requests', 14));
    expect(await partitions('download_requests')).not.toContain(dayName('download_requests', 15));
    const kept = await sql(`select occurred_at from analytics.download_requests order by 1`);
    expect(kept.map((row) => (row['occurred_at'] as Date).toISOString())).toEqual(
      [daysAgo(12), daysAgo(3)].map((at) => at.toISOString()),
    );
    // What the storage delivered of the dropped requests goes with them.
    expect(await deliveredAt()).toEqual([daysAgo(12), daysAgo(3)].map((at) => at.toISOString()));
    expect(await sql('select raw_kept_from from analytics.download_counting')).toEqual([
      { raw_kept_from: new Date(today - 14 * DAY_MS) },
    ]);
  });

  it('drops the days past retention once counted, of both raw tables, and keeps the downloads and daily rollups', async () => {
    await sql('update analytics.download_counting set counted_through = ?', [daysAgo(0, 0)]);
    await retention(10).apply();

    for (const table of ['download_requests', 'feed_requests']) {
      const names = await partitions(table);
      expect(names).toContain(dayName(table, 10));
      expect(names).not.toContain(dayName(table, 11));
      expect(names).toContain(`${table}_default`);
    }
    expect(await sql('select count(*)::int as n from analytics.download_requests')).toEqual([{ n: 1 }]);
    expect(await deliveredAt()).toEqual([daysAgo(3).toISOString()]);
    expect(await sql('select count(*)::int as n from analytics.feed_requests')).toEqual([{ n: 1 }]);
    expect(await sql('select raw_kept_from from analytics.download_counting')).toEqual([
      { raw_kept_from: new Date(today - 10 * DAY_MS) },
    ]);
    // Counted downloads and their daily rollups stay; the hours older than 62 days go.
    expect(await sql('select count(*)::int as n from analytics.downloads')).toEqual([{ n: 4 }]);
    expect(
      await sql(`select sum(plays)::int as n from analytics.podcast_download_days where dimension = 'total'`),
    ).toEqual([{ n: 4 }]);
    expect(
      await sql(`select min(hour) >= ? as kept from analytics.podcast_download_hours`, [
        new Date(today - 62 * DAY_MS),
      ]),
    ).toEqual([{ kept: true }]);
    // The feed rollups outlive their requests.
    expect(
      await sql(
        `select sum(requests)::int as n from analytics.podcast_feed_request_days where dimension = 'total'`,
      ),
    ).toEqual([{ n: 4 }]);
  });
});
