import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SERVICE_NAMES, type EpisodeAnalytics, type PlaybackBeacon } from '@castbase/contracts';
import { resolveFfmpegBinaries, renderToneMp3 } from '@castbase/platform-ffmpeg';
import {
  createTestDatabase,
  freePort,
  natsUrlForTests,
  requireTestEnv,
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
import { parseFeed } from './support/feed-xml.js';
import {
  startBuiltProcess,
  stopProcesses,
  waitUntilReady,
  type StartedProcess,
} from './support/processes.js';
import { createAndPublishEpisode, createPodcast, taggedCopyOf, uploadMp3 } from './support/publish-flow.js';

const natsUrl = natsUrlForTests();
const processNames = ['gateway', ...SERVICE_NAMES] as const;

/**
 * The Kubernetes shape on one machine: every service in its own process, started alone against PostgreSQL,
 * NATS JetStream and S3, with no embedded fallback. Needs NATS (CI has it); skipped without.
 */
(natsUrl ? describe : describe.skip)(
  'distributed runtime: each service in its own process on PostgreSQL, NATS and S3',
  () => {
    let database: TestDatabase;
    let s3: S3rverTestServer;
    const ports = new Map<string, number>();
    const processes: StartedProcess[] = [];
    const urlOf = (name: string) => `http://localhost:${ports.get(name)!}`;
    /** The published episode of the publishing test, for the counting test after it. */
    let published:
      { creator: ApiClient; podcastId: string; episodeId: string; enclosurePath: string } | undefined;

    beforeAll(async () => {
      database = await createTestDatabase('distributed');
      s3 = await startS3rver(uniqueName('bucket').replace(/_/g, '-'));
      for (const name of processNames) ports.set(name, await freePort());
      const shared = {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: urlOf('gateway'),
        DATABASE_URL: database.url,
        MIGRATE_ON_START: 'false',
        NATS_URL: natsUrl!,
        BUS_NAMESPACE: uniqueName('dist'),
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        AUTH_DEV_SIGNING_KEY: requireTestEnv('devSigningKey'),
      };
      for (const name of processNames) {
        processes.push(
          startBuiltProcess(`apps/${name}/dist/main.js`, {
            ...shared,
            PORT: String(ports.get(name)),
            // The gateway passes resumable uploads on to the media service.
            ...(name === 'gateway' ? { MEDIA_URL: urlOf('media') } : {}),
          }),
        );
      }
      await Promise.all(processNames.map((name, index) => waitUntilReady(urlOf(name), processes[index]!)));
    }, 120_000);

    afterAll(async () => {
      await stopProcesses(processes);
      await s3?.stop();
      await database?.drop();
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
      const creator = new ApiClient(urlOf('gateway')).as(await createTestUser('dora'));
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
          const response = await fetch(`${urlOf('feeds')}/feeds/dora/distributed-show.xml`);
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
        const response = await fetch(`${urlOf('analytics')}${enclosurePath}`, { redirect: 'manual' });
        return response.status === 302 &&
          decodeURIComponent(response.headers.get('location')!).includes(tagged.storageKey)
          ? response
          : undefined;
      });
      // The bucket is private: analytics sends the listener straight to a presigned URL of the bucket, in one hop.
      const mediaUrl = redirect.headers.get('location')!;
      expect(mediaUrl.startsWith(`${s3.endpoint}/${s3.bucket}/public/`)).toBe(true);
      // The URL the API hands out is the gateway's, which redirects to a presigned URL too.
      expect(media.url.startsWith(`${urlOf('gateway')}/storage/public/`)).toBe(true);
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

    it("counts the downloads the analytics process redirected to IAB v2.2 and the players' beacons, answered by the gateway", async () => {
      const { creator, podcastId, episodeId, enclosurePath } = published!;
      const download = async (headers: Record<string, string>) => {
        const response = await fetch(`${urlOf('analytics')}${enclosurePath}`, {
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
        const response = await fetch(`${urlOf('analytics')}/e/beacons`, {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://elsewhere.example' },
          body: JSON.stringify(beacon),
        });
        expect(response.status).toBe(204);
      }

      // The counting leaves requests younger than 30 seconds for its next run, every 10 seconds. The reports are
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
  },
);
