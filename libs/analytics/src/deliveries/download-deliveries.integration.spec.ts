import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, identityEvents } from '@castbase/contracts';
import { ObjectStorage } from '@castbase/platform-storage';
import { waitFor } from '@castbase/platform-testing';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';

/** 24 MiB over 120 s: a minute is 12 MiB, far more than a connection holds in flight when its reader goes away. */
const SIZE = 24 * 1024 * 1024;
const DURATION_SECONDS = 120;
const MINUTE_OF_AUDIO = SIZE / 2;
const ANTENNAPOD = 'AntennaPod/3.5.0';

/** GETs `url` and reads its body until `limit` bytes (all of it by default), then goes away; answers what it read. */
function readBody(url: string, limit = Number.POSITIVE_INFINITY): Promise<{ status: number; read: number }> {
  return new Promise((resolve, reject) => {
    const request = get(url, (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= limit) {
          request.destroy();
          resolve({ status: response.statusCode ?? 0, read });
        }
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, read }));
    });
    // Once it went away on purpose, the promise is settled and the error is its own doing.
    request.on('error', reject);
  });
}

describe('analytics service: bytes actually sent when Castbase serves the media itself', () => {
  let analytics: AnalyticsTestApp;
  const stored: string[] = [];

  /** An episode whose 24 MiB file is in the filesystem storage that serves it. */
  async function servedEpisode(ownerId = 'owner-d') {
    const mediaKey = `public/media/${ownerId}/${randomUUID()}/episode.mp3`;
    await analytics.app
      .get(ObjectStorage)
      .put(mediaKey, Buffer.alloc(SIZE, 7), { contentType: 'audio/mpeg' });
    stored.push(mediaKey);
    return analytics.publishedEpisode(mediaKey, ownerId, {
      sizeBytes: SIZE,
      durationSeconds: DURATION_SECONDS,
    });
  }

  /** GET of the enclosure URL as a podcast app sends it: the 302's Location and the request it recorded. */
  async function redirected(path: string, address = '203.0.113.7') {
    const response = await fetch(`${analytics.baseUrl}${path}`, {
      redirect: 'manual',
      headers: { 'User-Agent': ANTENNAPOD, 'X-Forwarded-For': address },
    });
    expect(response.status).toBe(302);
    const location = response.headers.get('location')!;
    const requestId = new URL(location).searchParams.get('d')!;
    return { location, requestId };
  }

  const deliveryOf = (requestId: string) =>
    waitFor(`the delivery of ${requestId}`, async () => {
      const [row] = await analytics.rows(
        'select first_byte, bytes_sent, complete from analytics.download_deliveries where request_id = ?',
        [requestId],
      );
      return (
        row && {
          firstByte: Number(row['first_byte']),
          bytesSent: Number(row['bytes_sent']),
          complete: row['complete'],
        }
      );
    });

  const downloadsOf = (episodeId: string) =>
    analytics.rows('select request_id from analytics.downloads where episode_id = ?', [episodeId]);

  const count = () => analytics.countDownloads();

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics_deliveries', { servesMedia: true });
  });

  afterAll(async () => {
    if (analytics) await analytics.app.get(ObjectStorage).deleteMany(stored);
    await analytics?.close();
  });

  it('sends the listener to its own storage with the request’s id as the delivery reference, appended per request', async () => {
    const episode = await servedEpisode();

    const first = await redirected(episode.path);
    const second = await redirected(episode.path);

    expect(first.location).toBe(`${episode.mediaUrl}?d=${first.requestId}`);
    expect(second.location).toBe(`${episode.mediaUrl}?d=${second.requestId}`);
    expect(second.requestId).not.toBe(first.requestId);
    const rows = await analytics.rows(
      'select id, occurred_at, own_storage from analytics.download_requests where episode_id = ? order by occurred_at',
      [episode.episodeId],
    );
    expect(rows.map((row) => row['id']).sort()).toEqual([first.requestId, second.requestId].sort());
    expect(rows.every((row) => row['own_storage'] === true)).toBe(true);
  });

  it('does not count a listener who went away before a minute of audio, whatever the request asked for', async () => {
    const episode = await servedEpisode();
    const { location, requestId } = await redirected(episode.path);

    const { status, read } = await readBody(location, 1);
    expect(status).toBe(200);
    expect(read).toBeLessThan(MINUTE_OF_AUDIO);

    const delivery = await deliveryOf(requestId);
    expect(delivery).toEqual({ firstByte: 0, bytesSent: expect.any(Number), complete: false });
    expect(delivery.bytesSent).toBeGreaterThanOrEqual(read);
    expect(delivery.bytesSent).toBeLessThan(MINUTE_OF_AUDIO);
    await count();
    expect(await downloadsOf(episode.episodeId)).toEqual([]);
  });

  it('counts a listener who received a minute of audio, from the byte the range started at', async () => {
    const episode = await servedEpisode();
    const { location, requestId } = await redirected(episode.path);

    const { read } = await readBody(location, MINUTE_OF_AUDIO + 1024 * 1024);
    expect(read).toBeGreaterThan(MINUTE_OF_AUDIO);

    const delivery = await deliveryOf(requestId);
    expect(delivery.bytesSent).toBeGreaterThanOrEqual(read);
    await count();
    expect(await downloadsOf(episode.episodeId)).toEqual([{ request_id: requestId }]);

    // A range request is reported from its first byte.
    const resumed = await redirected(episode.path, '203.0.113.8');
    await new Promise<void>((resolve, reject) => {
      const request = get(resumed.location, { headers: { Range: 'bytes=1000-' } }, (response) => {
        expect(response.statusCode).toBe(206);
        response.resume().on('end', resolve);
      });
      request.on('error', reject);
    });
    await expect(deliveryOf(resumed.requestId)).resolves.toEqual({
      firstByte: 1000,
      bytesSent: SIZE - 1000,
      complete: true,
    });
  });

  it('counts a download whose delivery came after its request was counted, by counting its episode again', async () => {
    const episode = await servedEpisode();
    const { location, requestId } = await redirected(episode.path);
    await count();
    expect(await downloadsOf(episode.episodeId)).toEqual([]);

    const { read } = await readBody(location);
    expect(read).toBe(SIZE);
    await expect(deliveryOf(requestId)).resolves.toEqual({ firstByte: 0, bytesSent: SIZE, complete: true });
    expect(
      await analytics.rows('select since from analytics.download_recounts where episode_id = ?', [
        episode.episodeId,
      ]),
    ).toHaveLength(1);

    await count();
    expect(await downloadsOf(episode.episodeId)).toEqual([{ request_id: requestId }]);
  });

  it('serves a URL with a malformed or forged reference all the same, and stores nothing for it', async () => {
    const episode = await servedEpisode();
    const forged = randomUUID();

    for (const reference of ['not-a-reference', forged, `${forged}&d=${forged}`])
      await expect(readBody(`${episode.mediaUrl}?d=${reference}`, 1)).resolves.toMatchObject({ status: 200 });
    // A reference of the right shape that names no request: stored by time, it matches nothing.
    const unknown = (await redirected(episode.path)).requestId.replace(/^.{8}/, '00000001');
    await readBody(`${episode.mediaUrl}?d=${unknown}`);
    await deliveryOf(unknown);

    expect(
      await analytics.rows('select 1 from analytics.download_deliveries where request_id = ?', [forged]),
    ).toEqual([]);
    await count();
    expect(await downloadsOf(episode.episodeId)).toEqual([]);
  });

  it('erases the deliveries with their requests: the owner’s account, or a deleted podcast', async () => {
    const erased = await servedEpisode('owner-erased');
    const deleted = await servedEpisode('owner-kept');
    const deliveries: string[] = [];
    for (const episode of [erased, deleted]) {
      const { location, requestId } = await redirected(episode.path);
      await readBody(location, 1);
      await deliveryOf(requestId);
      deliveries.push(requestId);
    }
    const kept = await servedEpisode('owner-kept');
    const { location, requestId: keptId } = await redirected(kept.path);
    await readBody(location, 1);
    await deliveryOf(keptId);

    await analytics.deliver(identityEvents.userDeletionRequested, {
      deletionId: randomUUID(),
      userId: 'owner-erased',
      requestedAt: new Date().toISOString(),
    });
    await analytics.deliver(catalogEvents.podcastDeleted, {
      podcastId: deleted.podcastId,
      releasedMediaIds: [],
    });

    const left = await analytics.rows(
      'select request_id from analytics.download_deliveries where request_id = any(?::uuid[])',
      [`{${[...deliveries, keptId].join(',')}}`],
    );
    expect(left).toEqual([{ request_id: keptId }]);
  });
});
