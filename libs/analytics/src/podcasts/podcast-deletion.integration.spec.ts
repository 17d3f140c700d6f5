import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { catalogEvents } from '@castbase/contracts';
import { waitFor, type TcpProxy } from '@castbase/platform-testing';
import { DownloadWriter, downloadWriterOptions } from '../downloads/download-writer.js';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';
import { databaseRelay } from '../testing/database-relay.js';
import { aDownloadRequestRow } from '../testing/download-request-rows.js';

// A deleted podcast's analytics go with it (docs/analytics.md: `catalog.podcast.deleted` deletes everything kept about
// it), and downloads of it that were still on their way when it was deleted must not bring any of it back.
describe('analytics service: deleting a podcast while its downloads are on their way', () => {
  let analytics: AnalyticsTestApp;
  let proxy: TcpProxy;
  let proxiedUrl: string;
  const writers: DownloadWriter[] = [];

  const idsOf = async (sql: string, podcastId: string) =>
    (await analytics.rows(sql, [podcastId])).map((row) => row['id']);
  const requestsOf = (podcastId: string) =>
    idsOf('select id from analytics.download_requests where podcast_id = ? order by id', podcastId);
  const downloadsOf = (podcastId: string) =>
    idsOf(
      'select request_id as id from analytics.downloads where podcast_id = ? order by request_id',
      podcastId,
    );
  const recountsOf = (podcastId: string) =>
    idsOf('select episode_id as id from analytics.download_recounts where podcast_id = ?', podcastId);
  const dailyPlaysOf = (podcastId: string) =>
    idsOf('select podcast_id as id from analytics.podcast_download_days where podcast_id = ?', podcastId);

  const deletePodcast = (podcastId: string) =>
    analytics.deliver(catalogEvents.podcastDeleted, { podcastId, releasedMediaIds: [] });

  /** The download writer of another analytics process, which reaches PostgreSQL through a relay the test cuts. */
  function startWriter(spillDirectory: string, writeTimeoutMs: number): DownloadWriter {
    const writer = new DownloadWriter(
      { url: proxiedUrl, poolMax: 1 },
      {
        ...downloadWriterOptions({
          ANALYTICS_SPILL_DIR: spillDirectory,
          ANALYTICS_WRITE_TIMEOUT_MS: writeTimeoutMs,
          STORAGE_DIR: spillDirectory,
        }),
        retryIntervalMs: 100,
      },
    );
    writer.onApplicationBootstrap();
    writers.push(writer);
    return writer;
  }

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_podcast_deletion');
    ({ proxy, url: proxiedUrl } = await databaseRelay(analytics.databaseUrl));
  });

  afterEach(async () => {
    await proxy.restore();
    for (const writer of writers.splice(0)) await writer.onApplicationShutdown();
  });

  afterAll(async () => {
    await proxy?.stop();
    await analytics?.close();
  });

  it("leaves out the deleted podcast's downloads replayed from a journal after the deletion, and writes and counts the others", async () => {
    const deleted = await analytics.publishedEpisode();
    const kept = await analytics.publishedEpisode();
    await request(analytics.app.getHttpServer())
      .get(deleted.path)
      .set('User-Agent', 'AntennaPod/3.5.0')
      .expect(302);
    await analytics.countDownloads();
    expect(await downloadsOf(deleted.podcastId)).toHaveLength(1);
    expect(await dailyPlaysOf(deleted.podcastId)).not.toEqual([]);

    // Another process, cut off from PostgreSQL, journals a download of each podcast and stops with them on disk.
    const spill = await mkdtemp(join(tmpdir(), 'castbase-spill-'));
    await proxy.cut();
    const stopped = startWriter(spill, 500);
    const ofDeleted = aDownloadRequestRow(deleted);
    const ofKept = aDownloadRequestRow(kept);
    await Promise.all([stopped.append(ofDeleted), stopped.append(ofKept)]);
    await stopped.onApplicationShutdown();
    expect(stopped.counts).toMatchObject({ journaled: 2, written: 0 });
    const segments = await readdir(spill);
    expect(segments).not.toEqual([]);
    await proxy.restore();

    await deletePodcast(deleted.podcastId);
    expect(await downloadsOf(deleted.podcastId)).toEqual([]);
    expect(await dailyPlaysOf(deleted.podcastId)).toEqual([]);

    // The next process replays the journal it left.
    const next = startWriter(spill, 5_000);
    await waitFor('the journal to be replayed', async () =>
      (await readdir(spill)).every((name) => !segments.includes(name)),
    );
    expect(next.counts.replayed).toBe(1);
    expect(await requestsOf(deleted.podcastId)).toEqual([]);
    expect(await recountsOf(deleted.podcastId)).toEqual([]);
    expect(await requestsOf(kept.podcastId)).toEqual([ofKept.id]);

    await analytics.countDownloads();
    expect(await downloadsOf(deleted.podcastId)).toEqual([]);
    expect(await dailyPlaysOf(deleted.podcastId)).toEqual([]);
    expect(await downloadsOf(kept.podcastId)).toEqual([ofKept.id]);
  });

  it('sweeps away, before counting, the downloads of a deleted podcast that a COPY under way wrote after the deletion', async () => {
    const deleted = await analytics.publishedEpisode();
    const kept = await analytics.publishedEpisode();
    // Requests the redirect journaled before the deletion, whose COPY from memory ends after it.
    const ofDeleted = aDownloadRequestRow(deleted);
    const ofKept = aDownloadRequestRow(kept);
    await deletePodcast(deleted.podcastId);

    const writer = analytics.app.get(DownloadWriter);
    await Promise.all([writer.append(ofDeleted), writer.append(ofKept)]);
    expect(await requestsOf(deleted.podcastId)).toEqual([ofDeleted.id]);
    await analytics.countDownloads();

    expect(await requestsOf(deleted.podcastId)).toEqual([]);
    expect(await downloadsOf(deleted.podcastId)).toEqual([]);
    expect(await dailyPlaysOf(deleted.podcastId)).toEqual([]);
    expect(await downloadsOf(kept.podcastId)).toEqual([ofKept.id]);
  });
});
