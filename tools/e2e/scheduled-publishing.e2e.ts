import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Episode, MediaFile, Podcast } from '@castbase/contracts';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import {
  createTestDatabase,
  freePort,
  natsUrlForTests,
  waitFor,
  type TestDatabase,
} from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { parseFeed } from './support/feed-xml.js';
import { createPodcast, uploadMp3 } from './support/publish-flow.js';
import { testProcessEnv, type BusKind } from './support/test-process-env.js';

const buses: BusKind[] = natsUrlForTests() ? ['in-process', 'nats'] : ['in-process'];

/**
 * The episode lifecycle through the gateway of the all-in-one process, with the scheduled publisher running every
 * second: an episode scheduled a moment ahead publishes itself and reaches the feed, and the lifecycle routes answer
 * each role as it is due.
 */
describe.each(buses)(
  'scheduled publishing and the episode lifecycle through the gateway on the %s bus',
  (bus) => {
    let database: TestDatabase;
    let running: RunningProcess;
    let api: ApiClient;
    let alice: TestUser;
    let creator: ApiClient;
    let podcast: Podcast;
    let media: MediaFile;

    beforeAll(async () => {
      database = await createTestDatabase('scheduled');
      const port = await freePort();
      running = await runAllInOne(
        await testProcessEnv(database, port, bus, { SCHEDULED_PUBLISH_INTERVAL_SECONDS: '1' }),
      );
      api = new ApiClient(running.url);
      alice = await createTestUser('alice');
      creator = api.as(alice);
      const mp3Path = join(await mkdtemp(join(tmpdir(), 'castbase-mp3-')), 'tone.mp3');
      await renderToneMp3(resolveFfmpegBinaries(), mp3Path, 3);
      podcast = await createPodcast(creator, 'Scheduled Show');
      media = await uploadMp3(creator, mp3Path, 'scheduled episode.mp3');
    });

    afterAll(async () => {
      await running?.stop();
      await database?.drop();
    });

    const newEpisode = (title: string) =>
      creator.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, { title, mediaId: media.id });
    const feedItems = async () => {
      const response = await fetch(`${running.url}/feeds/alice/scheduled-show.xml`);
      return response.status === 200 ? parseFeed(await response.text()).items : [];
    };

    it('publishes a scheduled episode by itself when its date comes, and the feed lists it', async () => {
      const draft = await newEpisode('Goes out by itself');
      const scheduledReleaseDate = new Date(Date.now() + 2_000).toISOString();

      const scheduled = await creator.ok<Episode>('POST', `/api/episodes/${draft.id}/schedule`, {
        scheduledReleaseDate,
      });
      expect(scheduled).toMatchObject({ status: 'scheduled', scheduledReleaseDate, publishDate: null });

      const published = await waitFor(
        'the episode to publish itself',
        async () => {
          const episode = await creator.ok<Episode>('GET', `/api/episodes/${draft.id}`);
          return episode.status === 'published' ? episode : undefined;
        },
        { timeoutMs: 20_000 },
      );
      expect(published.scheduledReleaseDate).toBeNull();
      expect(new Date(published.publishDate ?? 0).getTime()).toBeGreaterThanOrEqual(
        new Date(scheduledReleaseDate).getTime(),
      );
      await waitFor('the feed to list it', async () =>
        (await feedItems()).some((item) => item.guid === draft.guid),
      );
    });

    it('refuses a date in the past with "Scheduled date must be in the future"', async () => {
      const draft = await newEpisode('Too late');

      const refused = await creator.call('POST', `/api/episodes/${draft.id}/schedule`, {
        scheduledReleaseDate: new Date(Date.now() - 60_000).toISOString(),
      });

      expect(refused).toMatchObject({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'scheduledReleaseDate: Scheduled date must be in the future',
        },
      });
    });

    it('cancels a schedule, publishes, unpublishes (the feed drops it), duplicates and deletes', async () => {
      const draft = await newEpisode('Full circle');
      await creator.ok('POST', `/api/episodes/${draft.id}/schedule`, {
        scheduledReleaseDate: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
      });
      await expect(creator.ok('POST', `/api/episodes/${draft.id}/cancel-schedule`)).resolves.toMatchObject({
        status: 'draft',
        scheduledReleaseDate: null,
      });
      await expect(creator.ok('POST', `/api/episodes/${draft.id}/publish`)).resolves.toMatchObject({
        status: 'published',
      });
      await waitFor('the feed to list it', async () =>
        (await feedItems()).some((item) => item.guid === draft.guid),
      );

      await expect(creator.ok('POST', `/api/episodes/${draft.id}/unpublish`)).resolves.toMatchObject({
        status: 'draft',
      });
      await waitFor('the feed to drop it', async () =>
        (await feedItems()).every((item) => item.guid !== draft.guid),
      );

      const copy = await creator.call<Episode>('POST', `/api/episodes/${draft.id}/duplicate`);
      expect(copy).toMatchObject({
        status: 201,
        body: {
          title: 'Full circle (Copy)',
          status: 'draft',
          publishDate: null,
          media: { mediaId: media.id },
        },
      });
      await expect(creator.call('DELETE', `/api/episodes/${copy.body.id}`)).resolves.toEqual({
        status: 200,
        body: { episodeId: copy.body.id },
      });
      expect(await creator.call('GET', `/api/episodes/${copy.body.id}`)).toMatchObject({
        status: 404,
        body: { code: 'EPISODE_NOT_FOUND', message: 'Episode not found' },
      });
      // The original still plays the shared file, so it was not released.
      expect(await creator.call('GET', `/api/media/${media.id}`)).toMatchObject({ status: 200 });
    });

    it('answers a viewer 403 with the publish message, a stranger 404 and no token 401', async () => {
      const draft = await newEpisode('Guarded');
      const viewer = await createTestUser('victor');
      await creator.ok('POST', `/api/podcasts/${podcast.id}/contributors`, {
        email: 'victor@example.com',
        role: 'viewer',
      });
      await api.as(viewer).ok('GET', '/api/podcasts');
      const stranger = await createTestUser('mallory');

      expect(await api.as(viewer).call('POST', `/api/episodes/${draft.id}/publish`)).toEqual({
        status: 403,
        body: {
          code: 'EPISODE_PUBLISH_FORBIDDEN',
          message: "You don't have permission to publish to this podcast.",
        },
      });
      expect(await api.as(viewer).call('DELETE', `/api/episodes/${draft.id}`)).toMatchObject({ status: 403 });
      for (const action of ['publish', 'schedule', 'duplicate']) {
        expect(await api.as(stranger).call('POST', `/api/episodes/${draft.id}/${action}`, {})).toMatchObject({
          status: 404,
          body: { code: 'EPISODE_NOT_FOUND' },
        });
      }
      expect(await api.call('POST', `/api/episodes/${draft.id}/publish`)).toMatchObject({ status: 401 });
      await expect(creator.ok('GET', `/api/episodes/${draft.id}`)).resolves.toMatchObject({
        status: 'draft',
      });
    });
  },
);
