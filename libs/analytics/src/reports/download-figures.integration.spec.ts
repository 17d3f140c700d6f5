import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { trendBuckets, type AnalyticsTimeRange } from '@castbase/contracts';
import { openServiceDatabase } from '@castbase/platform-persistence';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { analyticsDatabase } from '../database/analytics-database.js';
import { seededRandom } from '../database/testing/seeded-random.js';
import { insertDownloads, type DownloadFixture } from '../database/testing/download-rollups.js';
import { DownloadFigures, type DownloadScope } from './download-figures.js';

const NOW = new Date('2026-11-10T14:37:21.500Z');
const DAY = 86_400_000;

describe('DownloadFigures: every figure read from the rollups is the one the counted downloads give', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let client: pg.Client;
  let figures: DownloadFigures;
  const podcast = randomUUID();
  const episodes = [randomUUID(), randomUUID(), randomUUID()];

  /** The figures as they were computed before the rollups: straight from `downloads`. */
  const fromDownloads = async (select: string, scope: DownloadScope, rest = '') => {
    const conditions = ['podcast_id = $1', 'excluded is null'];
    const parameters: unknown[] = [scope.podcastId];
    for (const [condition, value] of [
      ['episode_id = $', scope.episodeId],
      ['counted_at >= $', scope.from],
      ['counted_at < $', scope.to],
    ] as const)
      if (value) conditions.push(`${condition}${parameters.push(value)}`);
    const { rows } = await client.query(
      `select ${select} from analytics.downloads where ${conditions.join(' and ')} ${rest}`,
      parameters,
    );
    return rows as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_download_figures');
    orm = await openServiceDatabase(analyticsDatabase, { url: database.url, poolMax: 2 });
    figures = new DownloadFigures(orm.em.fork());
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // 1,500 downloads over the last 100 days, most in the last three, in batches; listeners from a small pool, so
    // keys repeat across days and episodes; a few burst exclusions and unplaced countries.
    const random = seededRandom(7);
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
    const downloads: DownloadFixture[] = Array.from({ length: 1_500 }, () => {
      const ageMs = random() < 0.8 ? random() * 3 * DAY : random() * 100 * DAY;
      return {
        countedAt: new Date(NOW.getTime() - ageMs).toISOString(),
        podcastId: random() < 0.9 ? podcast : randomUUID(),
        episodeId: pick(episodes),
        listener: Math.floor(random() * 120)
          .toString(16)
          .padStart(32, '0'),
        country: pick(['US', 'DE', 'GB', null, 'BR']),
        app: pick(['Overcast', 'Apple Podcasts', 'AntennaPod', 'Spotify']),
        device: pick(['mobile', 'desktop', 'smart speaker']),
        source: pick(['Podcast app', 'Castbase page', 'Web browser']),
        excluded: random() < 0.05 ? 'burst' : null,
      };
    });
    for (let index = 0; index < downloads.length; index += 250)
      await insertDownloads(client, downloads.slice(index, index + 250));
  });

  afterAll(async () => {
    await client?.end();
    await orm?.close();
    await database?.drop();
  });

  const scopes: Array<[string, DownloadScope]> = [
    ['All Time', { podcastId: podcast, from: null }],
    ['from midnight', { podcastId: podcast, from: new Date('2026-11-08T00:00:00Z') }],
    ['24 Hours (a whole hour)', { podcastId: podcast, from: new Date('2026-11-09T15:00:00Z') }],
    ['from any instant', { podcastId: podcast, from: new Date(NOW.getTime() - 60 * DAY) }],
    [
      'a closed range',
      { podcastId: podcast, from: new Date('2026-11-08T09:12:00Z'), to: new Date('2026-11-10T03:40:00Z') },
    ],
    ['an episode, All Time', { podcastId: podcast, episodeId: episodes[0]!, from: null }],
    [
      'an episode from any instant',
      { podcastId: podcast, episodeId: episodes[1]!, from: new Date(NOW.getTime() - 14 * DAY) },
    ],
    [
      'an episode, a closed range',
      {
        podcastId: podcast,
        episodeId: episodes[2]!,
        from: new Date('2026-11-09T00:00:00Z'),
        to: new Date('2026-11-10T10:00:00Z'),
      },
    ],
  ];

  it.each(scopes)('totals, listeners, first download, days and hours: %s', async (_, scope) => {
    const [reference] = await fromDownloads(
      'count(*)::int as total, count(distinct listener)::int as listeners, min(counted_at) as first',
      scope,
    );
    expect(reference!['total']).toBeGreaterThan(0);
    expect(await figures.total(scope)).toBe(reference!['total']);
    expect(await figures.listeners(scope)).toBe(reference!['listeners']);
    expect(await figures.first(scope)).toEqual(reference!['first']);

    const days = await fromDownloads(
      `to_char(counted_at at time zone 'UTC', 'YYYY-MM-DD') as date, count(*)::int as plays`,
      scope,
      'group by 1 order by 1',
    );
    expect(await figures.daily(scope)).toEqual(days);
    const hours = Array<number>(24).fill(0);
    for (const row of await fromDownloads(
      `extract(hour from counted_at at time zone 'UTC')::int as hour, count(*)::int as n`,
      scope,
      'group by 1',
    ))
      hours[Number(row['hour'])] = Number(row['n']);
    expect(await figures.hourly(scope)).toEqual(hours);
  });

  it.each(scopes)('countries, apps, devices, sources and top episodes: %s', async (_, scope) => {
    const ranked = async (expression: string, limit = '') =>
      (
        await fromDownloads(
          `${expression} as value, count(*)::int as n`,
          scope,
          `group by 1 order by n desc, 1 ${limit}`,
        )
      ).map((row) => [row['value'], row['n']]);
    const total = await figures.total(scope);
    expect((await figures.countries(scope, total, 3)).map((row) => [row.country, row.plays])).toEqual(
      await ranked(`coalesce(country, 'Unknown')`, 'limit 3'),
    );
    expect((await figures.apps(scope, total, 10)).map((row) => [row.app, row.count])).toEqual(
      await ranked('app', 'limit 10'),
    );
    expect((await figures.devices(scope, total)).map((row) => [row.device, row.count])).toEqual(
      await ranked('device'),
    );
    expect((await figures.sources(scope, total)).map((row) => [row.source, row.count])).toEqual(
      await ranked('source'),
    );
    const perEpisode = await fromDownloads(
      'episode_id as "episodeId", count(*)::int as plays, count(distinct listener)::int as listeners',
      scope,
      'group by episode_id order by plays desc, episode_id limit 2',
    );
    expect(await figures.perEpisode(scope, 2)).toEqual(perEpisode);
  });

  it.each(['1d', '7d', 'all'] satisfies AnalyticsTimeRange[])(
    "a trend chart's buckets (%s)",
    async (range) => {
      const scope: DownloadScope = { podcastId: podcast, episodeId: episodes[0]!, from: null };
      const earliest = await figures.first(scope);
      const buckets = trendBuckets(range, NOW, earliest);
      const expected: number[] = [];
      for (const bucket of buckets) {
        const [row] = await fromDownloads('count(*)::int as n', {
          ...scope,
          from: bucket.start,
          to: bucket.end,
        });
        expected.push(Number(row!['n']));
      }
      expect(await figures.trend({ ...scope, from: buckets[0]!.start }, buckets)).toEqual(expected);
    },
  );

  it('answers a podcast without any download or session with zeros, nulls and empty lists', async () => {
    const scope: DownloadScope = { podcastId: randomUUID(), from: new Date(NOW.getTime() - 7 * DAY) };
    expect(await figures.total(scope)).toBe(0);
    expect(await figures.listeners(scope)).toBe(0);
    expect(await figures.listeners({ ...scope, episodeId: randomUUID() })).toBe(0);
    expect(await figures.first(scope)).toBeNull();
    expect(await figures.daily(scope)).toEqual([]);
    expect(await figures.hourly(scope)).toEqual(Array(24).fill(0));
    expect(await figures.countries(scope, 0, 10)).toEqual([]);
    expect(await figures.perEpisode(scope, 10)).toEqual([]);
    expect(await figures.listening(scope)).toEqual({
      sessions: 0,
      completionRate: null,
      averageListenSeconds: null,
    });
    expect(await figures.listeningPerEpisode(scope, [])).toEqual(new Map());
    expect(await figures.trend(scope, trendBuckets('7d', NOW, null))).toEqual(Array(7).fill(0));
  });
});
