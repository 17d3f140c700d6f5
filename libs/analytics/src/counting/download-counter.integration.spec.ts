import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import request from 'supertest';
import { waitFor } from '@castbase/platform-testing';
import { Attribution } from '../attribution/index.js';
import { rollupsFromScratch, storedRollups } from '../database/testing/download-rollups.js';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';
import { BURST_LISTENERS_PER_ADDRESS_HOUR, type ListenerWindow } from './download-counting.js';
import { countingSql, openWindows, saveWindows } from './download-counting-sql.js';
import { CoveredBytes } from './requested-ranges.js';
import { DEFAULT_DOWNLOAD_COUNTER_OPTIONS, DownloadCounter } from './download-counter.js';

const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const ANTENNAPOD = 'de.danoeh.antennapod/1.7.3b (Linux;Android 8.0.0) ExoPlayerLib/2.9.3';

describe('DownloadCounter: the raw log counted to IAB v2.2', () => {
  let analytics: AnalyticsTestApp;

  const downloadsOf = (episodeId: string) =>
    analytics.rows(
      'select app, device, os, country, source, excluded from analytics.downloads where episode_id = ? order by counted_at',
      [episodeId],
    );
  /** A GET of the episode's enclosure (media of 1000 bytes, 3 s: the whole file is the threshold). */
  const get = (path: string, headers: Record<string, string>) => {
    const call = request(analytics.app.getHttpServer()).get(path);
    for (const [name, value] of Object.entries(headers)) call.set(name, value);
    return call.expect(302);
  };

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_download_counter');
  });

  afterAll(async () => {
    await analytics?.close();
  });

  it('counts each listener once, whole files and united ranges, and leaves probes, prefetches, bots and tools out', async () => {
    const episode = await analytics.publishedEpisode();
    const listener = { 'X-Forwarded-For': '8.8.8.8' };
    await get(episode.path, { ...listener, 'User-Agent': OVERCAST });
    await get(episode.path, { ...listener, 'User-Agent': OVERCAST });
    await get(episode.path, { ...listener, 'User-Agent': OVERCAST, Range: 'bytes=0-1' });
    await get(episode.path, { ...listener, 'User-Agent': ANTENNAPOD, Range: 'bytes=0-1' });
    await get(episode.path, { ...listener, 'User-Agent': ANTENNAPOD, Range: 'bytes=0-499' });
    await get(episode.path, { ...listener, 'User-Agent': ANTENNAPOD, Range: 'bytes=500-' });
    await get(episode.path, { ...listener, 'User-Agent': 'curl/8.5.0' });
    await get(episode.path, {
      ...listener,
      'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    await get(episode.path, {
      ...listener,
      'User-Agent': OVERCAST.replace('3.0', '3.1'),
      'Sec-Purpose': 'prefetch',
    });
    await get(episode.path, listener);

    await analytics.countDownloads();

    expect(await downloadsOf(episode.episodeId)).toEqual([
      { app: 'Overcast', device: 'mobile', os: 'iOS', country: 'US', source: 'Podcast app', excluded: null },
      {
        app: 'AntennaPod',
        device: 'mobile',
        os: 'Android',
        country: 'US',
        source: 'Podcast app',
        excluded: null,
      },
    ]);
  });

  it('goes on from the windows a run left open, and counts nothing twice when run again', async () => {
    const episode = await analytics.publishedEpisode();
    const listener = { 'X-Forwarded-For': '1.1.1.1', 'User-Agent': ANTENNAPOD };
    await get(episode.path, { ...listener, Range: 'bytes=0-599' });
    await analytics.countDownloads();
    expect(await downloadsOf(episode.episodeId)).toEqual([]);

    await get(episode.path, { ...listener, Range: 'bytes=600-999' });
    await analytics.countDownloads();
    await analytics.countDownloads();

    expect(await downloadsOf(episode.episodeId)).toHaveLength(1);
  });

  it("reads only the stored windows a run's requests can fall in: by their day key or the next day's key", async () => {
    const sql = countingSql(analytics.app.get(EntityManager).fork());
    const episodeId = randomUUID();
    const startMs = Date.parse('2026-11-28T23:50:00Z');
    const aWindow = (keyDay: string, keyNext: string | null): ListenerWindow => ({
      startMs,
      listener: Buffer.alloc(16, 7),
      keyDay,
      keyNext,
      covered: new CoveredBytes(),
      counted: false,
    });
    await saveWindows(sql, episodeId, [
      aWindow('2026-11-28:aa', '2026-11-29:bb'),
      aWindow('2026-11-28:cc', '2026-11-29:dd'),
      aWindow('2026-11-28:ee', null),
    ]);
    const from = new Date(startMs - 60_000);
    const keysOf = async (keys: string[]) =>
      (await openWindows(sql, episodeId, from, keys)).map((window) => window.keyDay).sort();

    expect(await keysOf(['2026-11-28:aa'])).toEqual(['2026-11-28:aa']);
    // After midnight the listener's day key is the window's next-day key.
    expect(await keysOf(['2026-11-29:dd', '2026-11-28:ee'])).toEqual(['2026-11-28:cc', '2026-11-28:ee']);
    expect(await keysOf(['2026-11-29:ff'])).toEqual([]);
    expect(await keysOf([])).toEqual([]);
    expect(await openWindows(sql, episodeId, new Date(startMs), ['2026-11-28:aa'])).toEqual([]);
  });

  it("counts the same in runs of a few requests each as in one, a listener's ranges split between two runs", async () => {
    const counter = new DownloadCounter(analytics.app.get(EntityManager), analytics.app.get(Attribution), {
      ...DEFAULT_DOWNLOAD_COUNTER_OPTIONS,
      maxRequestsPerRun: 3,
    });
    const episode = await analytics.publishedEpisode();
    // Runs of three: the third request's range and the fourth's, which completes it, fall in two runs.
    await get(episode.path, { 'X-Forwarded-For': '9.9.9.1', 'User-Agent': OVERCAST });
    await get(episode.path, { 'X-Forwarded-For': '9.9.9.2', 'User-Agent': ANTENNAPOD, Range: 'bytes=0-1' });
    await get(episode.path, { 'X-Forwarded-For': '9.9.9.3', 'User-Agent': ANTENNAPOD, Range: 'bytes=0-599' });
    await get(episode.path, {
      'X-Forwarded-For': '9.9.9.3',
      'User-Agent': ANTENNAPOD,
      Range: 'bytes=600-999',
    });
    await get(episode.path, { 'X-Forwarded-For': '9.9.9.4', 'User-Agent': OVERCAST });
    await analytics.recorded();

    // Another replica's run (the app's own counter, on its timer) holds the lock now and then: then again.
    const downloads = await waitFor('the runs of three requests to count them', async () => {
      await counter.countNow({ settleMs: 0 });
      const counted = await downloadsOf(episode.episodeId);
      return counted.length === 3 && counted;
    });
    expect(downloads.map((download) => download['app'])).toEqual(['Overcast', 'AntennaPod', 'Overcast']);
    await analytics.countDownloads();
    expect(await downloadsOf(episode.episodeId)).toEqual(downloads);
  });

  it(`excludes an address's downloads of an episode beyond ${BURST_LISTENERS_PER_ADDRESS_HOUR} listeners in an hour`, async () => {
    const burst = await analytics.publishedEpisode();
    const household = await analytics.publishedEpisode();
    for (let index = 0; index <= BURST_LISTENERS_PER_ADDRESS_HOUR; index += 1) {
      await get(burst.path, { 'X-Forwarded-For': '9.9.9.9', 'User-Agent': `${ANTENNAPOD} (${index})` });
      if (index < BURST_LISTENERS_PER_ADDRESS_HOUR)
        await get(household.path, { 'X-Forwarded-For': '9.9.9.9', 'User-Agent': `${ANTENNAPOD} (${index})` });
    }

    await analytics.countDownloads();

    expect((await downloadsOf(burst.episodeId)).map((row) => row['excluded'])).toEqual(
      Array(11).fill('burst'),
    );
    expect((await downloadsOf(household.episodeId)).map((row) => row['excluded'])).toEqual(
      Array(10).fill(null),
    );
  });

  it('counts requests the journal wrote late, from their own time', async () => {
    const episode = await analytics.publishedEpisode();
    await analytics.countDownloads();
    // What a replayed journal segment does: rows older than what is counted, and a recount of their episode.
    const [listed] = await analytics.rows(
      `select listener_day, listener_next, address_day from analytics.download_requests limit 1`,
    );
    const late = new Date(Date.now() - 60 * 60 * 1000);
    await analytics.rows(
      `insert into analytics.download_requests (id, occurred_at, podcast_id, episode_id, owner_id, listener_day,
         listener_next, address_day, user_agent) values (?, ?, ?, ?, 'owner-a', ?, ?, ?, ?)`,
      [
        randomUUID(),
        late,
        episode.podcastId,
        episode.episodeId,
        listed!['listener_day'],
        listed!['listener_next'],
        listed!['address_day'],
        OVERCAST,
      ],
    );
    await analytics.rows(
      'insert into analytics.download_recounts (podcast_id, episode_id, since) values (?, ?, ?)',
      [episode.podcastId, episode.episodeId, late],
    );

    await analytics.countDownloads();

    expect(await downloadsOf(episode.episodeId)).toEqual([
      { app: 'Overcast', device: 'mobile', os: 'iOS', country: null, source: 'Podcast app', excluded: null },
    ]);
  });

  it('counts everything again, to the same result, when the attribution tables change', async () => {
    await analytics.countDownloads();
    const before = await analytics.rows(
      'select request_id, app, excluded from analytics.downloads order by request_id',
    );
    await analytics.rows(`update analytics.download_counting set attribution_version = 'an older table'`);

    await analytics.countDownloads();

    expect(
      await analytics.rows('select request_id, app, excluded from analytics.downloads order by request_id'),
    ).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });

  it('keeps, on a recount, the downloads whose raw requests retention has dropped', async () => {
    await analytics.countDownloads();
    const episode = await analytics.publishedEpisode();
    // Counted 20 days ago from a request that retention dropped since: nothing is left to count it again from.
    const counted = new Date(Date.now() - 20 * 86_400_000);
    await analytics.rows(
      `insert into analytics.downloads (request_id, counted_at, window_start, podcast_id, episode_id, owner_id,
         listener, app, app_kind, device, country, source) values (?, ?, ?, ?, ?, 'owner-a', '\\x0a', 'Overcast', 'app',
         'mobile', 'US', 'Podcast app')`,
      [randomUUID(), counted, counted, episode.podcastId, episode.episodeId],
    );
    const before = await analytics.rows(
      'select request_id, app, excluded from analytics.downloads order by request_id',
    );
    const keptFrom = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 10 * 86_400_000);
    await analytics.rows(
      `update analytics.download_counting set attribution_version = 'an older table', raw_kept_from = ?`,
      [keptFrom],
    );

    await analytics.countDownloads();

    expect(
      await analytics.rows('select request_id, app, excluded from analytics.downloads order by request_id'),
    ).toEqual(before);
  });

  it('leaves every rollup equal to the counted downloads after the runs, bursts and recounts above', async () => {
    const client = new pg.Client({ connectionString: analytics.databaseUrl });
    await client.connect();
    try {
      const stored = await storedRollups(client);
      expect(stored).toEqual(await rollupsFromScratch(client));
      expect(stored['episode_download_days']?.length).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});
