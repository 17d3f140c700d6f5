import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVICE_NAMES, type EpisodeAnalytics, type PlaybackBeacon } from '@castbase/contracts';
import { resolveFfmpegBinaries, renderToneMp3 } from '@castbase/platform-ffmpeg';
import {
  createTestDatabase,
  freePort,
  natsUrlForTests,
  uniqueName,
  waitFor,
  type TestDatabase,
} from '@castbase/platform-testing';
import {
  S3RVER_CREDENTIALS,
  startS3rver,
  type S3rverTestServer,
} from '../../libs/platform/storage/src/testing/s3rver-test-server.js';
import { ApiClient, createTestUser } from './support/api-client.js';
import { startDistributedRuntime, type DistributedRuntime } from './support/distributed-runtime.js';
import { parseFeed } from './support/feed-xml.js';
import { startBuiltProcess } from './support/processes.js';
import { createAndPublishEpisode, createPodcast, taggedCopyOf, uploadMp3 } from './support/publish-flow.js';

const natsUrl = natsUrlForTests();

/**
 * The Kubernetes shape on one machine: every service in its own process, started alone against PostgreSQL and NATS
 * JetStream, with no embedded fallback: all of them on S3, and beside them, on filesystem storage (which the gateway
 * serves, reporting what it sends), the five that publish an episode and count its downloads. Needs NATS (CI has it);
 * skipped without.
 *
 * The counting leaves requests younger than 5 seconds (ANALYTICS_COUNT_SETTLE_MS here) for a later run, every 10 seconds:
 * the downloads on filesystem storage are made
 * before the S3 counting test waits for its own, and their counting is checked after it, so the two waits are one.
 */
(natsUrl ? describe : describe.skip)(
  'distributed runtime: each service in its own process on PostgreSQL and NATS, with S3 or filesystem storage',
  () => {
    let database: TestDatabase;
    let s3: S3rverTestServer;
    let onS3: DistributedRuntime;
    let servedDatabase: TestDatabase;
    let servedStorage: string;
    let onFilesystem: DistributedRuntime;
    let served: pg.Pool;
    /** The published episode of the publishing test, for the counting test after it. */
    let published:
      { creator: ApiClient; podcastId: string; episodeId: string; enclosurePath: string } | undefined;
    /** The downloads on filesystem storage, for their counting test. */
    let listened: { episodeId: string; counted: string[] } | undefined;

    beforeAll(async () => {
      database = await createTestDatabase('distributed');
      s3 = await startS3rver(uniqueName('bucket').replace(/_/g, '-'));
      onS3 = await startDistributedRuntime(['gateway', ...SERVICE_NAMES], {
        database,
        natsUrl: natsUrl!,
        storage: {
          S3_BUCKET: s3.bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_FORCE_PATH_STYLE: 'true',
          S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
          S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        },
      });
      servedDatabase = await createTestDatabase('distributed_served');
      served = new pg.Pool({ connectionString: servedDatabase.url, max: 1 });
      servedStorage = await mkdtemp(join(tmpdir(), 'castbase-dist-'));
      onFilesystem = await startDistributedRuntime(['gateway', 'identity', 'catalog', 'media', 'analytics'], {
        database: servedDatabase,
        natsUrl: natsUrl!,
        storage: {
          STORAGE_DIR: join(servedStorage, 'storage'),
          STORAGE_SIGNING_SECRET: randomBytes(32).toString('hex'),
        },
      });
    }, 180_000);

    afterAll(async () => {
      await onFilesystem?.stop();
      await onS3?.stop();
      await served?.end();
      await s3?.stop();
      await servedDatabase?.drop();
      await database?.drop();
      if (servedStorage) await rm(servedStorage, { recursive: true, force: true });
    });

    it('refuses to start a service without DATABASE_URL and NATS_URL, naming what is missing', async () => {
      const lonely = startBuiltProcess('apps/catalog/dist/main.js', {
        PORT: String(await freePort()),
        DATABASE_URL: '',
        NATS_URL: '',
      });
      await waitFor('the process to exit', () => lonely.child.exitCode !== null, { timeoutMs: 30_000 });
      expect(lonely.child.exitCode).not.toBe(0);
      expect(lonely.output()).toContain('DATABASE_URL is missing');
    });

    it('publishes an MP3 uploaded to S3 into the feed served by the feeds process, counted and redirected by analytics', async () => {
      const creator = new ApiClient(onS3.urlOf('gateway')).as(await createTestUser('dora'));
      const mp3 = join(await mkdtemp(join(tmpdir(), 'castbase-mp3-')), 'tone.mp3');
      await renderToneMp3(resolveFfmpegBinaries(), mp3, 2);

      const podcast = await createPodcast(creator, 'Distributed Show');
      const media = await uploadMp3(creator, mp3, 'dist.mp3');
      expect(media).toMatchObject({ kind: 'audio', durationSeconds: 2, mimeType: 'audio/mpeg' });
      const episode = await createAndPublishEpisode(creator, podcast, media, 'Over the wire');
      const tagged = await taggedCopyOf(creator, episode, media);

      const items = await waitFor(
        'the feeds process to serve the episode with its tagged copy',
        async () => {
          const response = await fetch(`${onS3.urlOf('feeds')}/feeds/dora/distributed-show.xml`);
          if (!response.ok) return undefined;
          const feed = parseFeed(await response.text());
          return feed.items.length === 1 && feed.items[0]!.enclosure.length === String(tagged.sizeBytes)
            ? feed.items
            : undefined;
        },
        { timeoutMs: 30_000 },
      );
      expect(items[0]).toMatchObject({
        guid: episode.guid,
        duration: '2',
        enclosure: { length: String(tagged.sizeBytes), type: 'audio/mpeg' },
      });

      const enclosurePath = new URL(items[0]!.enclosure.url).pathname;
      expect(enclosurePath).toBe(`/e/${podcast.id}/${episode.id}/dist.mp3`);
      const redirect = await waitFor('analytics to know the tagged enclosure', async () => {
        const response = await fetch(`${onS3.urlOf('analytics')}${enclosurePath}`, { redirect: 'manual' });
        return response.status === 302 &&
          decodeURIComponent(response.headers.get('location')!).includes(tagged.storageKey)
          ? response
          : undefined;
      });
      // The bucket is private: analytics sends the listener straight to a presigned URL of the bucket, in one hop.
      const mediaUrl = redirect.headers.get('location')!;
      expect(mediaUrl.startsWith(`${s3.endpoint}/${s3.bucket}/public/`)).toBe(true);
      // The URL the API hands out is the gateway's, which redirects to a presigned URL too.
      expect(media.url.startsWith(`${onS3.urlOf('gateway')}/storage/public/`)).toBe(true);
      const viaGateway = await fetch(media.url, { redirect: 'manual' });
      expect(viaGateway.status).toBe(302);
      expect(viaGateway.headers.get('location')!.startsWith(`${s3.endpoint}/${s3.bucket}/public/`)).toBe(
        true,
      );
      const audio = await fetch(mediaUrl);
      expect(audio.status).toBe(200);
      expect((await audio.arrayBuffer()).byteLength).toBe(tagged.sizeBytes);
      published = { creator, podcastId: podcast.id, episodeId: episode.id, enclosurePath };
    });

    it("on filesystem storage: the analytics process's 302 goes to the gateway's /storage, which reports over NATS what it sent of each request", async () => {
      const creator = new ApiClient(onFilesystem.urlOf('gateway')).as(await createTestUser('ines'));
      const mp3 = join(await mkdtemp(join(tmpdir(), 'castbase-mp3-')), 'tone.mp3');
      await renderToneMp3(resolveFfmpegBinaries(), mp3, 2);
      const podcast = await createPodcast(creator, 'Served Show');
      const media = await uploadMp3(creator, mp3, 'served.mp3');
      const episode = await createAndPublishEpisode(creator, podcast, media, 'From our own storage');
      const tagged = await taggedCopyOf(creator, episode, media);
      expect(tagged.url).toBe(`${onFilesystem.urlOf('gateway')}/storage/${tagged.storageKey}`);
      const enclosureUrl = `${onFilesystem.urlOf('analytics')}/e/${podcast.id}/${episode.id}/served.mp3`;
      // A HEAD is redirected (to the plain URL) and not recorded.
      await waitFor('analytics to know the tagged enclosure', async () => {
        const response = await fetch(enclosureUrl, { method: 'HEAD', redirect: 'manual' });
        return response.headers.get('location') === tagged.url;
      });

      /** A podcast app: the enclosure's 302, then (unless it stops there) its Location, with the same headers. */
      const listen = async (userAgent: string, range?: string, { follow = true } = {}) => {
        const headers = { 'User-Agent': userAgent, ...(range ? { Range: range } : {}) };
        const redirect = await fetch(enclosureUrl, { redirect: 'manual', headers });
        expect(redirect.status).toBe(302);
        const location = redirect.headers.get('location')!;
        const requestId = new URL(location).searchParams.get('d')!;
        expect(location).toBe(`${tagged.url}?d=${requestId}`);
        if (!follow) return { requestId, received: 0 };
        const response = await fetch(location, { headers });
        expect(response.status).toBe(range ? 206 : 200);
        return { requestId, received: (await response.arrayBuffer()).byteLength };
      };
      const size = tagged.sizeBytes;
      const half = Math.floor(size / 2);
      const whole = await listen('Overcast/3.0 (+http://overcast.fm/; iOS podcast app)');
      const apple = 'Podcasts/1650.20 CFNetwork/1408.0.4 Darwin/22.5.0';
      const secondHalf = await listen(apple, `bytes=${half}-`);
      const firstHalf = await listen(apple, `bytes=0-${half - 1}`);
      // Asked for the whole file and never fetched it: nothing sent.
      const redirectedOnly = await listen('PocketCasts/7.40 (iOS)', undefined, { follow: false });
      expect([whole, secondHalf, firstHalf].map(({ received }) => received)).toEqual([
        size,
        size - half,
        half,
      ]);

      const requestIds = [whole, secondHalf, firstHalf, redirectedOnly].map(({ requestId }) => requestId);
      // The 302 leaves once its request is in the journal; PostgreSQL has it a moment later.
      const requests = await waitFor('the analytics process to write the four requests', async () => {
        const { rows } = await served.query<{ id: string; own_storage: boolean }>(
          'select id, own_storage from analytics.download_requests where episode_id = $1',
          [episode.id],
        );
        return rows.length === requestIds.length ? rows : undefined;
      });
      expect(new Map(requests.map((row) => [row.id, row.own_storage]))).toEqual(
        new Map(requestIds.map((id) => [id, true])),
      );
      const deliveries = await waitFor(
        'the analytics process to keep what the gateway sent of the three responses',
        async () => {
          const { rows } = await served.query<{
            request_id: string;
            first_byte: number;
            bytes_sent: number;
            complete: boolean;
          }>(
            `select request_id, first_byte::int, bytes_sent::int, complete from analytics.download_deliveries
              where request_id = any($1::uuid[])`,
            [requestIds],
          );
          return rows.length === 3 && rows.every((row) => row.complete) ? rows : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      expect(new Map(deliveries.map(({ request_id, ...delivery }) => [request_id, delivery]))).toEqual(
        new Map([
          [whole.requestId, { first_byte: 0, bytes_sent: size, complete: true }],
          [secondHalf.requestId, { first_byte: half, bytes_sent: size - half, complete: true }],
          [firstHalf.requestId, { first_byte: 0, bytes_sent: half, complete: true }],
        ]),
      );
      listened = { episodeId: episode.id, counted: [whole.requestId, firstHalf.requestId] };
    });

    it("counts the downloads the analytics process redirected to IAB v2.2 and the players' beacons, answered by the gateway", async () => {
      const { creator, podcastId, episodeId, enclosurePath } = published!;
      const download = async (headers: Record<string, string>) => {
        const response = await fetch(`${onS3.urlOf('analytics')}${enclosurePath}`, {
          redirect: 'manual',
          headers,
        });
        expect(response.status).toBe(302);
      };
      const overcast = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
      await download({ 'User-Agent': 'Podcasts/1650.20 CFNetwork/1408.0.4 Darwin/22.5.0' });
      await download({ 'User-Agent': overcast });
      await download({ 'User-Agent': overcast }); // the same listener within 24 hours: one download
      await download({ 'User-Agent': 'Spotify/8.8.12 iOS/16.5 (iPhone14,5)' });
      await download({
        'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      });
      await download({ 'User-Agent': 'PocketCasts/7.40 (iOS)', Range: 'bytes=0-1' }); // a probe
      await download({}); // no User-Agent
      const sessionId = randomUUID();
      for (const moment of [
        { event: 'start', positionSeconds: 0, listenedSeconds: 0 },
        { event: 'end', positionSeconds: 2, listenedSeconds: 2 },
      ] as const) {
        const beacon: PlaybackBeacon = {
          podcastId,
          episodeId,
          sessionId,
          player: 'page',
          durationSeconds: 2,
          ...moment,
        };
        const response = await fetch(`${onS3.urlOf('analytics')}/e/beacons`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://elsewhere.example' },
          body: JSON.stringify(beacon),
        });
        expect(response.status).toBe(204);
      }

      // The counting leaves requests younger than 5 seconds for its next run, every 10 seconds. The reports are
      // cached for five minutes, so the figures are asked for once the counted downloads are in the database.
      const counted = new pg.Client({ connectionString: database.url });
      await counted.connect();
      try {
        await waitFor(
          'the analytics process to count the downloads',
          async () => {
            const { rows } = await counted.query<{ n: number }>(
              'select count(*)::int as n from analytics.downloads where episode_id = $1',
              [episodeId],
            );
            return rows[0]!.n > 0;
          },
          { timeoutMs: 90_000, intervalMs: 500 },
        );
      } finally {
        await counted.end();
      }
      const figures = await creator.ok<EpisodeAnalytics>(
        'GET',
        `/api/podcasts/${podcastId}/episodes/${episodeId}/analytics?timeRange=1d`,
      );
      expect(figures.totalPlays).toBe(3);
      expect(figures.uniqueListeners).toBe(3);
      expect(figures.apps.map((share) => share.app).sort()).toEqual([
        'Apple Podcasts',
        'Overcast',
        'Spotify',
      ]);
      expect(figures.completionRate).toBe(100);
      expect(figures.averageListenSeconds).toBe(2);
    }, 120_000);

    it('on filesystem storage: counts the downloads from the bytes the gateway sent, not from those asked for', async () => {
      const { episodeId, counted } = listened!;
      await waitFor(
        'the analytics process to count past the downloads',
        async () => {
          const { rows } = await served.query<{ done: boolean }>(
            `select (select counted_through from analytics.download_counting)
                      >= (select max(occurred_at) from analytics.download_requests where episode_id = $1) as done`,
            [episodeId],
          );
          return rows[0]!.done;
        },
        { timeoutMs: 90_000, intervalMs: 500 },
      );
      // The whole file, and the two halves together; not the app that had the 302 and never fetched the file.
      const { rows } = await served.query<{ request_id: string }>(
        'select request_id from analytics.downloads where episode_id = $1 order by counted_at',
        [episodeId],
      );
      expect(rows.map((row) => row.request_id)).toEqual(counted);
    }, 120_000);
  },
);
