import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  analyticsExportConfigSchema,
  analyticsExportDataSchema,
  analyticsRequests,
  exportNotes,
  type AnalyticsExportConfigInput,
  type AnalyticsExportData,
} from '@castbase/contracts';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';
import { seedDownloads, seedFeedRequests, seedSessions } from './testing/export-seed.js';

const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const ANTENNAPOD = 'de.danoeh.antennapod/1.7.3b (Linux;Android 8.0.0) ExoPlayerLib/2.9.3';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** March 2025 and the start of April: 2025-03-01 is a Saturday, so its ISO week began Monday 2025-02-24. */
const MARCH = { kind: 'custom', from: '2025-03-01T00:00:00Z', to: '2025-04-15T00:00:00Z' } as const;

describe('analytics.export.get: the figures of an export, per period of the range, measured and never estimated', () => {
  let analytics: AnalyticsTestApp;
  let podcastId: string;
  let first: string;
  let second: string;
  /** An episode since deleted: its downloads count for the podcast, it is not a published episode. */
  const deleted = randomUUID();

  const exportOf = async (config: AnalyticsExportConfigInput, userId = 'owner-x') =>
    analyticsExportDataSchema.parse(
      await analytics.bus.request(analyticsRequests.getAnalyticsExport, {
        userId,
        podcastId,
        config: analyticsExportConfigSchema.parse(config),
      }),
    );
  const row = (data: AnalyticsExportData, period: string) =>
    data.periods.find((candidate) => candidate.period === period)?.values;

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics_exports');
    const one = await analytics.publishedEpisode(undefined, 'owner-x');
    const two = await analytics.publishedEpisode(undefined, 'owner-x');
    podcastId = one.podcastId;
    first = one.episodeId;
    second = two.episodeId;
    await analytics.rows('update analytics.enclosures set podcast_id = ? where episode_id = ?', [
      podcastId,
      second,
    ]);
    analytics.catalogEpisodes.get(second)!.podcastId = podcastId;

    // Today, three listeners through the enclosure redirect, counted by the real counter (whose first run counts the
    // whole log afresh, so it runs before the past days are written).
    const today = `/e/${podcastId}/${first}/episode.mp3`;
    for (const [address, userAgent] of [
      ['8.8.8.8', OVERCAST],
      ['8.8.4.4', ANTENNAPOD],
      ['9.9.9.9', CHROME],
    ] as const) {
      await request(analytics.app.getHttpServer())
        .get(today)
        .set('X-Forwarded-For', address)
        .set('User-Agent', userAgent)
        .expect(302);
    }
    await analytics.countDownloads();

    await seedDownloads(analytics, podcastId, 'owner-x', [
      { at: '2025-02-27T12:00:00Z', episodeId: first, listener: 'a1', country: 'US', app: 'Overcast' },
      { at: '2025-03-03T10:00:00Z', episodeId: first, listener: 'a1', country: 'US', app: 'Overcast' },
      { at: '2025-03-03T11:00:00Z', episodeId: first, listener: 'b2', country: 'DE', app: 'Apple Podcasts' },
      { at: '2025-03-03T12:00:00Z', episodeId: first, listener: 'c3', country: 'US', app: 'Overcast' },
      { at: '2025-03-03T13:00:00Z', episodeId: second, listener: 'a1', country: 'US', app: 'Overcast' },
      { at: '2025-03-04T12:00:00Z', episodeId: first, listener: 'd4', country: null, app: 'Spotify' },
      { at: '2025-03-04T13:00:00Z', episodeId: second, listener: 'd4', country: null, app: 'Spotify' },
      {
        at: '2025-03-04T14:00:00Z',
        episodeId: first,
        listener: 'f6',
        country: 'US',
        app: 'Overcast',
        excluded: 'burst',
      },
      { at: '2025-03-12T09:00:00Z', episodeId: second, listener: 'a1', country: 'US', app: 'Apple Podcasts' },
      { at: '2025-04-02T08:00:00Z', episodeId: deleted, listener: 'e5', country: 'FR', app: 'Overcast' },
      { at: '2025-04-20T08:00:00Z', episodeId: first, listener: 'a1', country: 'US', app: 'Overcast' },
    ]);
    await seedSessions(analytics, podcastId, 'owner-x', [
      { at: '2025-03-03T10:05:00Z', episodeId: first, listenedSeconds: 30, durationSeconds: 100 },
      { at: '2025-03-03T11:05:00Z', episodeId: first, listenedSeconds: 90, durationSeconds: 100 },
      { at: '2025-03-12T09:05:00Z', episodeId: second, listenedSeconds: 45, durationSeconds: null },
      { at: '2025-05-01T00:00:00Z', episodeId: first, listenedSeconds: 100, durationSeconds: 100 },
    ]);
    await seedFeedRequests(analytics, podcastId, [
      { at: '2025-02-27T12:00:00Z', bytes: 7000 },
      { at: '2025-03-03T09:00:00Z', bytes: 1000 },
      { at: '2025-03-03T21:00:00Z', bytes: 2000 },
      { at: '2025-04-02T10:00:00Z', bytes: 500 },
    ]);
  });

  afterAll(async () => {
    await analytics?.close();
  });

  it('answers each day of a custom range, rows outside it left out, listeners real and distinct', async () => {
    const data = await exportOf({ metrics: ['plays', 'listeners', 'bandwidth'], range: MARCH });

    expect(data.range).toEqual({
      kind: 'custom',
      preset: null,
      from: '2025-03-01T00:00:00.000Z',
      to: '2025-04-15T00:00:00.000Z',
    });
    expect(data.periods).toHaveLength(45);
    expect(data.periods[0]).toMatchObject({ period: '2025-03-01', start: '2025-03-01T00:00:00.000Z' });
    expect(data.periods.at(-1)).toMatchObject({ period: '2025-04-14', end: '2025-04-15T00:00:00.000Z' });
    expect(row(data, '2025-03-03')).toEqual({ plays: 4, listeners: 3, bandwidth: 3000 });
    // The burst rule's exclusion counts for nothing.
    expect(row(data, '2025-03-04')).toEqual({ plays: 2, listeners: 1, bandwidth: 0 });
    expect(row(data, '2025-03-12')).toEqual({ plays: 1, listeners: 1, bandwidth: 0 });
    expect(row(data, '2025-04-02')).toEqual({ plays: 1, listeners: 1, bandwidth: 500 });
    expect(row(data, '2025-02-27')).toBeUndefined();
    // The plays of 27 February and 20 April, and the feed's 7,000 bytes of 27 February, are outside.
    expect(data.totals).toEqual({ plays: 8, listeners: 5, bandwidth: 3500 });
    expect(data.periods.reduce((sum, period) => sum + (period.values.plays ?? 0), 0)).toBe(8);
    expect(data.podcast).toEqual({ id: podcastId, name: 'A show' });
    expect(data.episode).toBeNull();
    expect(data.detailed).toBeNull();
  });

  it('groups by ISO week from Monday and by month, the first week cut to the range', async () => {
    const weekly = await exportOf({ metrics: ['plays', 'listeners'], groupBy: 'week', range: MARCH });
    expect(weekly.periods.map((period) => period.period)).toEqual([
      '2025-02-24',
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
      '2025-03-24',
      '2025-03-31',
      '2025-04-07',
      '2025-04-14',
    ]);
    expect(weekly.periods[0]).toMatchObject({
      start: '2025-03-01T00:00:00.000Z',
      end: '2025-03-03T00:00:00.000Z',
    });
    expect(weekly.periods[0]!.values).toEqual({ plays: 0, listeners: 0 });
    expect(row(weekly, '2025-03-03')).toEqual({ plays: 6, listeners: 4 });
    expect(row(weekly, '2025-03-10')).toEqual({ plays: 1, listeners: 1 });
    expect(row(weekly, '2025-03-31')).toEqual({ plays: 1, listeners: 1 });

    const monthly = await exportOf({
      metrics: ['plays', 'listeners', 'bandwidth'],
      groupBy: 'month',
      range: MARCH,
    });
    expect(monthly.periods.map((period) => [period.period, period.values])).toEqual([
      ['2025-03', { plays: 7, listeners: 4, bandwidth: 3000 }],
      ['2025-04', { plays: 1, listeners: 1, bandwidth: 500 }],
    ]);
  });

  it("takes completion and listen time from the players' sessions, empty where none was heard, and says so", async () => {
    const data = await exportOf({ metrics: ['completion', 'duration'], range: MARCH });

    expect(row(data, '2025-03-03')).toEqual({ completion: 60, duration: 60 });
    // A session of unknown length has a listen time and no completion.
    expect(row(data, '2025-03-12')).toEqual({ completion: null, duration: 45 });
    expect(row(data, '2025-03-04')).toEqual({ completion: null, duration: null });
    expect(data.totals).toEqual({ completion: 60, duration: 55 });
    expect(data.notes).toEqual([
      { metric: 'completion', note: exportNotes.completion },
      { metric: 'duration', note: exportNotes.duration },
    ]);
  });

  it('adds the top published episodes, countries and podcast apps with detailed data', async () => {
    const data = await exportOf({ metrics: ['plays'], includeRawData: true, range: MARCH });

    expect(data.detailed?.topEpisodes).toEqual([
      {
        rank: 1,
        episodeId: first,
        title: analytics.catalogEpisodes.get(first)!.title,
        plays: 4,
        listeners: 4,
        completionRate: 60,
        averageListenSeconds: 60,
      },
      {
        rank: 2,
        episodeId: second,
        title: analytics.catalogEpisodes.get(second)!.title,
        plays: 3,
        listeners: 2,
        completionRate: null,
        averageListenSeconds: 45,
      },
    ]);
    expect(
      data.detailed?.topCountries.map((country) => [country.country, country.plays, country.percent]),
    ).toEqual([
      ['US', 4, 50],
      ['Unknown', 2, 25],
      ['DE', 1, 12.5],
      ['FR', 1, 12.5],
    ]);
    expect(data.detailed?.topApps).toEqual([
      { rank: 1, app: 'Overcast', plays: 4, percent: 50 },
      { rank: 2, app: 'Apple Podcasts', plays: 2, percent: 25 },
      { rank: 3, app: 'Spotify', plays: 2, percent: 25 },
    ]);
  });

  it('answers a preset range up to now: the last 7 days, today counted from real requests', async () => {
    const data = await exportOf({ metrics: ['plays', 'listeners'], range: { kind: 'preset', range: '7d' } });

    expect(data.range.preset).toBe('7d');
    expect(data.periods).toHaveLength(7);
    expect(data.periods.at(-1)!.period).toBe(new Date().toISOString().slice(0, 10));
    // Three listeners made three plays: counted, not 70 % of the plays.
    expect(data.periods.at(-1)!.values).toEqual({ plays: 3, listeners: 3 });
    expect(data.totals).toEqual({ plays: 3, listeners: 3 });
  });

  it("answers an episode's own export, its bandwidth empty with the reason", async () => {
    const data = await exportOf({
      metrics: ['plays', 'bandwidth'],
      includeRawData: true,
      range: MARCH,
      episodeId: second,
    });

    expect(data.episode).toEqual({ id: second, title: analytics.catalogEpisodes.get(second)!.title });
    expect(row(data, '2025-03-03')).toEqual({ plays: 1, bandwidth: null });
    expect(data.totals).toEqual({ plays: 3, bandwidth: null });
    expect(data.notes).toContainEqual({ metric: 'bandwidth', note: exportNotes.bandwidthOfEpisode });
    expect(data.detailed?.topEpisodes.map((episode) => episode.episodeId)).toEqual([second]);
  });

  it('lists no rows for a range before anything was recorded', async () => {
    const data = await exportOf({
      metrics: ['plays'],
      range: { kind: 'custom', from: '2024-01-01T00:00:00Z', to: '2024-02-01T00:00:00Z' },
    });
    expect(data.periods).toEqual([]);
    expect(data.totals).toEqual({ plays: 0 });
  });

  it('takes feed bandwidth from the rollups, which outlive the requests that retention drops', async () => {
    // Retention drops whole partitions of raw requests, and no trigger fires: the same for the one 2025's are in.
    await analytics.rows(
      'alter table analytics.feed_requests detach partition analytics.feed_requests_default',
    );
    await analytics.rows('drop table analytics.feed_requests_default');
    await analytics.rows(
      'create table analytics.feed_requests_default partition of analytics.feed_requests default',
    );
    expect(
      await analytics.rows('select count(*)::int as n from analytics.feed_requests where podcast_id = ?', [
        podcastId,
      ]),
    ).toEqual([{ n: 0 }]);

    const daily = await exportOf({ metrics: ['bandwidth'], range: MARCH });
    expect(row(daily, '2025-03-03')).toEqual({ bandwidth: 3000 });
    expect(row(daily, '2025-04-02')).toEqual({ bandwidth: 500 });
    expect(daily.totals).toEqual({ bandwidth: 3500 });
    const weekly = await exportOf({ metrics: ['bandwidth'], groupBy: 'week', range: MARCH });
    expect(row(weekly, '2025-03-03')).toEqual({ bandwidth: 3000 });
    expect(row(weekly, '2025-03-31')).toEqual({ bandwidth: 500 });
    // The whole history starts with February's request, known only to the rollups now.
    const everything = await exportOf({
      metrics: ['bandwidth'],
      groupBy: 'month',
      range: { kind: 'preset', range: 'all' },
    });
    expect(everything.periods[0]).toMatchObject({ period: '2025-02', values: { bandwidth: 7000 } });
  });

  it("lets a viewer export, and answers a stranger 404 for the podcast and for another podcast's episode", async () => {
    analytics.contributorRoles.set(podcastId, new Map([['viewer-v', 'viewer']]));
    await expect(exportOf({ metrics: ['plays'], range: MARCH }, 'viewer-v')).resolves.toMatchObject({
      totals: { plays: 8 },
    });
    await expect(exportOf({ metrics: ['plays'] }, 'stranger')).rejects.toMatchObject({
      code: 'PODCAST_NOT_FOUND',
    });
    const elsewhere = await analytics.publishedEpisode(undefined, 'owner-x');
    await expect(exportOf({ metrics: ['plays'], episodeId: elsewhere.episodeId })).rejects.toMatchObject({
      code: 'EPISODE_NOT_FOUND',
    });
  });
});
