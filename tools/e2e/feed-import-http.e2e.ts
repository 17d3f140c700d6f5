import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from 'podcast-partytime';
import {
  feedImportMessages,
  podcastGuidForFeedUrl,
  type Episode,
  type EpisodeListPage,
  type FeedImportPreview,
  type FeedImportStatus,
  type Podcast,
  type PodcastSummary,
} from '@castbase/contracts';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { CHAPTERS_OF_EPISODE_1, oldEpisodes, startOldHost, type OldHost } from './support/old-host.js';
import { testProcessEnv } from './support/test-process-env.js';

// Importing a podcast from another host, end to end in the all-in-one process: a 500-episode feed made by another
// generator (the `podcast` npm package) on a real HTTP server, every enclosure copied into storage by the media
// service, the episodes published with their old guids, dates and numbers; re-runs add only new guids; locked feeds,
// the plan's limit and hostile documents are refused with their messages. The process may fetch 127.0.0.1 only
// because FEED_FETCH_ALLOW_PRIVATE is set (libs/catalog/src/feed-import/read-feed-document.spec.ts shows the refusal
// without it).

const EPISODES = 500;
const PLAN_EPISODES = 1000;

describe('importing a podcast from another host over HTTP', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let files: string;
  let oldHost: OldHost;
  let creator: TestUser;
  let api: ApiClient;
  let feedUrl: string;
  let imported: FeedImportStatus;

  const importOf = (podcastId: string, client = api) =>
    client.call<FeedImportStatus>('GET', `/api/podcasts/${podcastId}/import`);
  const finishedImport = (podcastId: string) =>
    waitFor(
      'every copy to end',
      async () => {
        const { body } = await importOf(podcastId);
        return body.finished && body;
      },
      { timeoutMs: 40 * 60_000, intervalMs: 2_000 },
    );

  async function allEpisodes(podcastId: string): Promise<Episode[]> {
    const episodes: Episode[] = [];
    for (let page = 1; ; page++) {
      const result = await api.ok<EpisodeListPage>(
        'GET',
        `/api/podcasts/${podcastId}/episodes?pageSize=100&page=${page}&sort=createdAt&direction=asc`,
      );
      episodes.push(...result.items);
      if (page >= result.pageCount) return episodes;
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase('feed_import_http');
    files = await mkdtemp(join(tmpdir(), 'castbase-feed-import-'));
    oldHost = await startOldHost(files);
    running = await runAllInOne(
      await testProcessEnv(database, await freePort(), 'in-process', {
        FEED_FETCH_ALLOW_PRIVATE: 'true',
        PLAN_EPISODES: String(PLAN_EPISODES),
        PLAN_STORAGE_BYTES: String(10_000_000_000),
      }),
    );
    creator = await createTestUser('marconi');
    api = new ApiClient(running.url).as(creator);
    feedUrl = oldHost.publish('garage-radio', { title: 'Garage Radio', episodes: oldEpisodes(EPISODES) });
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
    await oldHost?.close();
    await database?.drop();
    if (files) await rm(files, { recursive: true, force: true });
  });

  it('previews the old feed: title, episode count, artwork, not locked, nothing in the way', async () => {
    const preview = await api.ok<FeedImportPreview>('POST', '/api/podcast-imports/preview', { url: feedUrl });
    expect(preview).toMatchObject({
      feedUrl,
      title: 'Garage Radio',
      author: 'Marconi Jones',
      artworkUrl: `${oldHost.url}/art.png`,
      language: 'en-gb',
      category: 'Leisure:Hobbies',
      episodeCount: EPISODES,
      episodesWithMedia: EPISODES,
      locked: false,
      podcastGuid: podcastGuidForFeedUrl(feedUrl),
      problem: null,
    });
  });

  it(
    'recreates the 500-episode podcast: its metadata, every episode with its old guid, date and numbers, and every file copied',
    async () => {
      const started = await api.call<FeedImportStatus>('POST', '/api/podcast-imports', { url: feedUrl });
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({ feedUrl, total: EPISODES, added: EPISODES });
      imported = await finishedImport(started.body.podcastId);
      expect(imported).toMatchObject({ total: EPISODES, ready: EPISODES, failed: 0, finished: true });
      expect(imported.bytesDone).toBe(EPISODES * oldHost.mp3Bytes);
      expect(imported.items.every((item) => item.status === 'ready' && item.error === null)).toBe(true);

      const podcast = await waitFor('the copied artwork on the podcast', async () => {
        const current = await api.ok<Podcast>('GET', `/api/podcasts/${imported.podcastId}`);
        return current.artworkUrl !== null && current;
      });
      expect(podcast).toMatchObject({
        name: 'Garage Radio',
        description: 'Conversations about old radios, recorded in a garage.',
        language: 'en-gb',
        category: 'Leisure:Hobbies',
        author: 'Marconi Jones',
        ownerName: 'Marconi',
        ownerEmail: 'marconi@old-host.example',
        explicit: false,
        type: 'serial',
        websiteUrl: 'https://old-host.example/show',
        copyright: '2015 Garage Radio Ltd',
        fundingLinks: [{ label: 'Buy us a valve', url: 'https://old-host.example/support' }],
        podcastPersons: [{ name: 'Marconi Jones', role: 'Host', href: 'https://old-host.example/marconi' }],
        podcastMedium: 'podcast',
        podcastLocked: false,
        podcastGuid: podcastGuidForFeedUrl(feedUrl),
        license: { identifier: 'CC-BY-4.0' },
        location: { name: 'London', geo: '51.5,-0.12', osm: 'R65606' },
      });
      const artwork = await fetch(podcast.artworkUrl!);
      expect(artwork.status).toBe(200);
      expect(artwork.headers.get('content-type')).toBe('image/png');

      const episodes = await allEpisodes(imported.podcastId);
      expect(episodes).toHaveLength(EPISODES);
      const byGuid = new Map(episodes.map((episode) => [episode.guid, episode]));
      for (const old of oldEpisodes(EPISODES)) {
        const episode = byGuid.get(old.guid);
        expect(episode).toMatchObject({
          title: old.title,
          description: `<p>Show notes of episode ${old.number}.</p>`,
          status: 'published',
          publishDate: old.date.toISOString(),
          seasonNumber: old.season,
          episodeNumber: old.number,
          episodeType: old.number === 1 ? 'trailer' : 'full',
          explicit: old.number % 10 === 0,
          durationSeconds: 2,
          transcripts: [
            expect.objectContaining({
              url: `https://old-host.example/show/${old.number}.vtt`,
              type: 'text/vtt',
            }),
          ],
          persons: [expect.objectContaining({ name: `Guest ${old.number}`, role: 'Guest' })],
          soundbites: [
            expect.objectContaining({ startTime: 0.5, duration: 1, title: `Best of ${old.number}` }),
          ],
        });
        expect(episode?.media).toMatchObject({ mimeType: 'audio/mpeg', durationSeconds: 2 });
      }
      const first = byGuid.get(oldEpisodes(1)[0]!.guid)!;
      expect(first.chapters.map(({ startTime, title }) => ({ startTime, title }))).toEqual(
        CHAPTERS_OF_EPISODE_1.chapters.map(({ startTime, title }) => ({ startTime, title })),
      );
      const served = await fetch(first.media!.url);
      expect(served.status).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThanOrEqual(oldHost.mp3Bytes);
    },
    45 * 60_000,
  );

  it(
    'serves the imported podcast’s own feed, with the old guids and the old podcast:guid',
    async () => {
      const expected = oldEpisodes(EPISODES)
        .slice(-300)
        .reverse()
        .map((episode) => episode.guid);
      const feed = await waitFor(
        'the main feed with the 300 newest imported episodes',
        async () => {
          const response = await fetch(imported.newFeedUrl);
          if (response.status !== 200) return null;
          const parsed = parseFeed(await response.text());
          return parsed && parsed.items.length === 300 && parsed;
        },
        { timeoutMs: 5 * 60_000, intervalMs: 2_000 },
      );
      expect(feed.guid).toBe(podcastGuidForFeedUrl(feedUrl));
      expect(feed.items.map((item) => item.guid)).toEqual(expected);
    },
    6 * 60_000,
  );

  it('re-running the import of an unchanged feed adds nothing', async () => {
    const rerun = await api.ok<FeedImportStatus>('POST', `/api/podcasts/${imported.podcastId}/import/rerun`);
    expect(rerun).toMatchObject({ added: 0, total: EPISODES, ready: EPISODES, finished: true });
    expect(await allEpisodes(imported.podcastId)).toHaveLength(EPISODES);
  });

  it('re-running after 3 new items adds exactly those 3; a file the old host lost leaves its episode a draft with the reason', async () => {
    const newOnes = oldEpisodes(3, EPISODES + 1);
    newOnes[1]!.file = 'missing';
    oldHost.publish('garage-radio', {
      title: 'Garage Radio',
      episodes: [...oldEpisodes(EPISODES), ...newOnes],
    });
    const rerun = await api.ok<FeedImportStatus>('POST', `/api/podcasts/${imported.podcastId}/import/rerun`);
    expect(rerun).toMatchObject({ added: 3, total: EPISODES + 3 });
    const done = await finishedImport(imported.podcastId);
    expect(done).toMatchObject({ total: EPISODES + 3, ready: EPISODES + 2, failed: 1 });
    const lost = done.items.find((item) => item.guid === newOnes[1]!.guid);
    expect(lost).toMatchObject({ status: 'failed', error: 'The remote server answered with an error' });

    const episodes = await allEpisodes(imported.podcastId);
    expect(episodes).toHaveLength(EPISODES + 3);
    const byGuid = new Map(episodes.map((episode) => [episode.guid, episode]));
    expect(byGuid.get(newOnes[0]!.guid)).toMatchObject({ status: 'published', episodeNumber: EPISODES + 1 });
    expect(byGuid.get(newOnes[1]!.guid)).toMatchObject({ status: 'draft', media: null });
    expect(byGuid.get(newOnes[2]!.guid)).toMatchObject({
      status: 'published',
      publishDate: newOnes[2]!.date.toISOString(),
    });

    const again = await api.ok<FeedImportStatus>('POST', `/api/podcasts/${imported.podcastId}/import/rerun`);
    expect(again.added).toBe(0);
  }, 300_000);

  it('refuses an import past the plan’s episode limit as a whole, creating nothing', async () => {
    const before = await api.ok<{ items: PodcastSummary[] }>('GET', '/api/podcasts');
    const preview = await api.ok<FeedImportPreview>('POST', '/api/podcast-imports/preview', { url: feedUrl });
    const message = feedImportMessages.overPlan(EPISODES + 3, EPISODES + 3, PLAN_EPISODES);
    expect(preview.problem).toBe(message);
    const refused = await api.call<{ code: string; message: string }>('POST', '/api/podcast-imports', {
      url: feedUrl,
    });
    expect(refused).toEqual({
      status: 403,
      body: expect.objectContaining({ code: 'PLAN_EPISODES_EXCEEDED', message }),
    });
    expect((await api.ok<{ items: PodcastSummary[] }>('GET', '/api/podcasts')).items).toEqual(before.items);
  });

  it('keeps another creator’s import to its owner: 404 for a stranger', async () => {
    const stranger = new ApiClient(running.url).as(await createTestUser('stranger'));
    const { status } = await importOf(imported.podcastId, stranger);
    expect(status).toBe(404);
    expect((await stranger.call('POST', `/api/podcasts/${imported.podcastId}/import/rerun`)).status).toBe(
      404,
    );
  });

  it('refuses a locked feed unless the signed-in creator is its owner', async () => {
    const locked = oldHost.publish('locked', {
      title: 'Somebody Else’s Show',
      episodes: oldEpisodes(2),
      lockedBy: 'owner@elsewhere.example',
      podcastGuid: '2d8a3c1e-4b5f-5a6b-8c7d-9e0f1a2b3c4d',
    });
    const other = new ApiClient(running.url).as(await createTestUser('borrower'));
    const preview = await other.ok<FeedImportPreview>('POST', '/api/podcast-imports/preview', {
      url: locked,
    });
    expect(preview).toMatchObject({
      locked: true,
      ownerEmail: 'owner@elsewhere.example',
      problem: feedImportMessages.locked('owner@elsewhere.example'),
    });
    expect(await other.call('POST', '/api/podcast-imports', { url: locked })).toEqual({
      status: 403,
      body: expect.objectContaining({ message: feedImportMessages.locked('owner@elsewhere.example') }),
    });

    const ownFeed = oldHost.publish('own-locked', {
      title: 'My Own Locked Show',
      episodes: oldEpisodes(2),
      lockedBy: `${creator.username}@example.com`,
      podcastGuid: '2d8a3c1e-4b5f-5a6b-8c7d-9e0f1a2b3c4d',
    });
    const owner = new ApiClient(running.url).as(await createTestUser(creator.username));
    const started = await owner.call<FeedImportStatus>('POST', '/api/podcast-imports', { url: ownFeed });
    expect(started.status).toBe(201);
    const podcast = await owner.ok<Podcast>('GET', `/api/podcasts/${started.body.podcastId}`);
    expect(podcast).toMatchObject({
      podcastLocked: true,
      podcastGuid: '2d8a3c1e-4b5f-5a6b-8c7d-9e0f1a2b3c4d',
    });
  });

  it.each([
    [
      'a billion-laughs document',
      `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "${'x'.repeat(10)}">${Array.from({ length: 9 }, (_, level) => `<!ENTITY ${'b'.repeat(level + 1)} "${`&${level ? 'b'.repeat(level) : 'a'};`.repeat(10)}">`).join('')}]><rss version="2.0"><channel><title>&bbbbbbbbb;</title></channel></rss>`,
      400,
      feedImportMessages.entities,
    ],
    ['invalid XML', '<rss version="2.0"><channel><title>Unclosed</channel>', 400, feedImportMessages.notXml],
    ['a web page', '<!doctype html><html><body><p>Hello</p></body></html>', 400, feedImportMessages.notXml],
    [
      'XML that is not RSS',
      '<?xml version="1.0"?><feedback><note>hi</note></feedback>',
      400,
      feedImportMessages.notRss,
    ],
  ])('answers %s with its clear error', async (name, body, status, message) => {
    const url = oldHost.publishRaw(name.replace(/\W+/g, '-'), body);
    const answer = await api.call<{ message: string }>('POST', '/api/podcast-imports/preview', { url });
    expect(answer).toEqual({ status, body: expect.objectContaining({ message }) });
  });

  it('says “too large” for a 50 MB document', async () => {
    const url = oldHost.publishRaw('fifty-megabytes', async function* () {
      yield '<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>';
      const item = `<item><title>${'y'.repeat(1000)}</title></item>`;
      for (let sent = 0; sent < 50 * 1024 * 1024; sent += item.length) yield item;
      yield '</channel></rss>';
    });
    const answer = await api.call<{ code: string; message: string }>('POST', '/api/podcast-imports/preview', {
      url,
    });
    expect(answer).toEqual({
      status: 422,
      body: expect.objectContaining({ code: 'REMOTE_FILE_TOO_LARGE', message: feedImportMessages.tooLarge }),
    });
  });

  it('refuses an address that is not http(s) with the form’s message', async () => {
    const answer = await api.call<{
      code: string;
      details: { issues: Array<{ path: string; message: string }> };
    }>('POST', '/api/podcast-imports/preview', { url: 'file:///etc/passwd' });
    expect(answer.status).toBe(400);
    expect(answer.body.details.issues).toEqual([{ path: 'url', message: feedImportMessages.urlInvalid }]);
  });
});
