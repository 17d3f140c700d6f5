import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { DAY_MS, HOUR_MS } from '@castbase/contracts';
import { openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { analyticsDatabase } from '../database/analytics-database.js';
import { seededRandom } from '../database/testing/seeded-random.js';
import { FeedRequestsRepository, type FeedRequestFigures } from './feed-requests.repository.js';

/** The figures as they were computed before the rollups: straight from `feed_requests`. */
async function fromRequests(
  client: pg.Client,
  podcastId: string,
  since: Date | null,
): Promise<FeedRequestFigures> {
  const scope = since ? 'podcast_id = $1 and requested_at >= $2' : 'podcast_id = $1';
  const parameters = since ? [podcastId, since] : [podcastId];
  const select = async (sql: string) => (await client.query<Record<string, unknown>>(sql, parameters)).rows;
  const ranked = (expression: string, condition: string) =>
    select(`select ${expression} as name, count(*)::int as count, sum(count(*)) over () as total
              from analytics.feed_requests where ${scope} and ${condition} group by 1 order by count(*) desc, 1 limit 10`);
  const [totals] = await select(
    `select count(*)::int as requests, coalesce(sum(bytes), 0)::int as bytes from analytics.feed_requests where ${scope}`,
  );
  const countries = await ranked(`coalesce(country, 'Unknown')`, 'not filtered');
  const apps = await ranked('app', `(not filtered or app <> 'Unknown')`);
  const hourly = Array<number>(24).fill(0);
  for (const row of await select(
    `select extract(hour from requested_at at time zone 'UTC')::int as hour, count(*)::int as n
       from analytics.feed_requests where ${scope} group by 1`,
  ))
    hourly[Number(row['hour'])] = Number(row['n']);
  const [aggregators] = await select(
    `select coalesce(sum(aggregator_subscribers), 0)::int as subscribers from (
       select distinct on (aggregator, aggregator_feed) aggregator_subscribers from analytics.feed_requests
        where ${scope} and aggregator is not null order by aggregator, aggregator_feed, requested_at desc) latest`,
  );
  const days = await select(
    `select (requested_at at time zone 'UTC')::date as day,
            count(distinct fetcher) filter (where not filtered and aggregator is null)::int as fetchers
       from analytics.feed_requests where ${scope} group by 1 order by 1`,
  );
  const names = (rows: Array<Record<string, unknown>>) =>
    rows.map((row) => ({ name: String(row['name']), count: Number(row['count']) }));
  return {
    totalRequests: Number(totals!['requests']),
    totalBytes: Number(totals!['bytes']),
    countries: names(countries),
    countryRequests: Number(countries[0]?.['total'] ?? 0),
    apps: names(apps),
    appRequests: Number(apps[0]?.['total'] ?? 0),
    hourly,
    aggregatorSubscribers: Number(aggregators!['subscribers']),
    dailyFetchers: days.map((row) => Number(row['fetchers'])),
  };
}

describe('feed request rollups: feed analytics read from them is what the requests give, whoever writes them', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let client: pg.Client;
  let repository: FeedRequestsRepository;
  const podcast = randomUUID();
  const now = Date.now();
  const startOfToday = Math.floor(now / DAY_MS) * DAY_MS;

  /** Inserts `count` requests of the podcast (and a few of another one) spread over the last `days` days. */
  const insertRequests = async (count: number, seed: number, days: number, olderThanDays = 0) => {
    const random = seededRandom(seed);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const rows = Array.from({ length: count }, () => {
      const aggregator = random() < 0.1 ? pick(['Overcast', 'Feedly']) : null;
      return [
        new Date(now - olderThanDays * DAY_MS - random() * days * DAY_MS),
        random() < 0.95 ? podcast : randomUUID(),
        random() < 0.6 ? 0 : 40_000 + Math.floor(random() * 10_000),
        random() < 0.2,
        pick(['Apple Podcasts', 'Overcast', 'Pocket Casts', 'Unknown', 'AntennaPod']),
        pick(['US', 'DE', null, 'JP']),
        Buffer.from(
          Math.floor(random() * 40)
            .toString(16)
            .padStart(32, '0'),
          'hex',
        ),
        aggregator,
        aggregator ? pick(['1', '2', null]) : null,
        aggregator ? Math.floor(random() * 1000) : null,
      ];
    });
    const values: unknown[] = [];
    const tuples = rows.map(
      (row) =>
        `($${values.push(row[0])}, $${values.push(row[1])}, 'main', 200, $${values.push(row[2])}, 'gzip', false,
          $${values.push(row[4])}, 'app', $${values.push(row[3])}, $${values.push(row[5])}, $${values.push(row[6])},
          $${values.push(row[7])}, $${values.push(row[8])}, $${values.push(row[9])})`,
    );
    await client.query(
      `insert into analytics.feed_requests (requested_at, podcast_id, variant, status, bytes, encoding, cache_hit, app,
         app_kind, filtered, country, fetcher, aggregator, aggregator_feed, aggregator_subscribers)
       values ${tuples.join(', ')}`,
      values,
    );
  };

  const ranges: Array<[string, Date | null]> = [
    ['All Time', null],
    ['from midnight two days ago', new Date(startOfToday - 2 * DAY_MS)],
    ['24 Hours', new Date(Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS - DAY_MS)],
    ['from any instant yesterday', new Date(now - 30 * HOUR_MS - 17 * 60_000)],
    ['from any instant 20 days ago', new Date(now - 20 * DAY_MS - 5 * HOUR_MS)],
  ];
  const expectFiguresFromRequests = async () => {
    for (const [, since] of ranges)
      expect(await repository.figures(podcast, since)).toEqual(await fromRequests(client, podcast, since));
  };
  /** The rollup tables' rows, to compare with what analytics.rebuild_feed_request_rollups() makes from scratch. */
  const rollupRows = async () => {
    const tables = ['months', 'days', 'hours'].map((grain) => `podcast_feed_request_${grain}`);
    const lines: Record<string, string[]> = {};
    for (const table of [
      ...tables,
      'feed_fetcher_days',
      'feed_fetcher_day_counts',
      'feed_aggregator_reports',
    ])
      lines[table] = (await client.query(`select * from analytics.${table}`)).rows
        .map((row) => JSON.stringify(row))
        .sort();
    return lines;
  };

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_feed_rollups');
    orm = await openServiceDatabase(analyticsDatabase, { url: database.url, poolMax: 2 });
    repository = new FeedRequestsRepository(orm.em.fork());
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await insertRequests(600, 1, 3);
    await insertRequests(200, 2, 60);
  });

  afterAll(async () => {
    await client?.end();
    await orm?.close();
    await database?.drop();
  });

  it.each(ranges)('answers %s as the requests do', async (_, since) => {
    expect((await fromRequests(client, podcast, since)).totalRequests).toBeGreaterThan(0);
    expect(await repository.figures(podcast, since)).toEqual(await fromRequests(client, podcast, since));
  });

  it('follows inserts one statement at a time, deletes, updates and late requests of a day whose set is gone', async () => {
    await insertRequests(1, 3, 1);
    await insertRequests(1, 4, 1);
    await client.query(
      `delete from analytics.feed_requests where podcast_id = $1 and requested_at >= $2 and requested_at < $3`,
      [podcast, new Date(now - 26 * HOUR_MS), new Date(now - 20 * HOUR_MS)],
    );
    await client.query(
      `update analytics.feed_requests set filtered = not filtered, aggregator_subscribers = aggregator_subscribers + 1
        where podcast_id = $1 and requested_at >= $2 and requested_at < $3`,
      [podcast, new Date(now - 40 * HOUR_MS), new Date(now - 35 * HOUR_MS)],
    );
    // Requests replayed late into a day ten days ago, whose fetchers are counted again from the requests.
    await insertRequests(30, 5, 1, 10);
    await expectFiguresFromRequests();

    const incremental = await rollupRows();
    await client.query('select analytics.rebuild_feed_request_rollups()');
    expect(await rollupRows()).toEqual(incremental);
  });

  it("forgets a podcast's rollups with its last requests, and when its requests are already gone", async () => {
    await client.query('delete from analytics.feed_requests where podcast_id = $1', [podcast]);
    const empty = await repository.figures(podcast, null);
    expect(empty).toMatchObject({ totalRequests: 0, aggregatorSubscribers: 0, dailyFetchers: [] });

    await insertRequests(50, 6, 3);
    // Retention drops the raw requests (partitions), not their rollups; forgetting the podcast takes the rollups.
    await client.query('alter table analytics.feed_requests disable trigger user');
    await client.query('delete from analytics.feed_requests where podcast_id = $1', [podcast]);
    await client.query('alter table analytics.feed_requests enable trigger user');
    expect((await repository.figures(podcast, null)).totalRequests).toBeGreaterThan(0);
    await client.query('select analytics.forget_feed_request_rollups(array[$1]::uuid[])', [podcast]);
    expect(await repository.figures(podcast, null)).toMatchObject({ totalRequests: 0, dailyFetchers: [] });
  });
});
