import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegBinaries, renderToneMp3 } from '@castbase/platform-ffmpeg';
import {
  createTestDatabase,
  freePort,
  natsUrlForTests,
  tusUpload,
  waitFor,
  type TestDatabase,
} from '@castbase/platform-testing';
import { MEDIA_UPLOAD_PATH } from '@castbase/contracts';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { parseFeed } from './support/feed-xml.js';
import { createAndPublishEpisode, createPodcast, taggedCopyOf, uploadMp3 } from './support/publish-flow.js';
import { testProcessEnv, type BusKind } from './support/test-process-env.js';

const buses: BusKind[] = natsUrlForTests() ? ['in-process', 'nats'] : ['in-process'];

describe.each(buses)('walking skeleton through the gateway on the %s bus', (bus) => {
  let database: TestDatabase;
  let running: RunningProcess;
  let api: ApiClient;
  let alice: TestUser;
  let mp3Path: string;

  beforeAll(async () => {
    database = await createTestDatabase('skeleton');
    const port = await freePort();
    running = await runAllInOne(await testProcessEnv(database, port, bus));
    api = new ApiClient(running.url);
    alice = await createTestUser('alice');
    mp3Path = join(await mkdtemp(join(tmpdir(), 'castbase-mp3-')), 'tone.mp3');
    await renderToneMp3(resolveFfmpegBinaries(), mp3Path, 3);
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('publishes an uploaded MP3 into an RSS feed with the right enclosure, duration and a stable guid', async () => {
    const creator = api.as(alice);
    const podcast = await createPodcast(creator, 'Skeleton Show');
    const media = await uploadMp3(creator, mp3Path, 'first episode.mp3');
    expect(media).toMatchObject({ kind: 'audio', mimeType: 'audio/mpeg', durationSeconds: 3 });

    const episode = await createAndPublishEpisode(creator, podcast, media, 'Episode one');
    expect(episode.status).toBe('published');
    const tagged = await taggedCopyOf(creator, episode, media);

    const feedUrl = `${running.url}/feeds/alice/skeleton-show.xml`;
    const feed = await waitFor('the feed to list the published episode with its tagged copy', async () => {
      const response = await fetch(feedUrl);
      if (response.status !== 200) return undefined;
      const parsed = parseFeed(await response.text());
      return parsed.items.length === 1 && parsed.items[0]!.enclosure.length === String(tagged.sizeBytes)
        ? { parsed, contentType: response.headers.get('content-type') }
        : undefined;
    });
    expect(feed.contentType).toMatch(/^application\/rss\+xml/);
    expect(feed.parsed.namespaces['xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
    expect(feed.parsed.channelTitle).toBe('Skeleton Show');
    const [item] = feed.parsed.items;
    expect(item).toEqual({
      title: 'Episode one',
      guid: episode.guid,
      enclosure: {
        url: `${running.url}/e/${podcast.id}/${episode.id}/${encodeURIComponent('first episode.mp3')}`,
        length: String(tagged.sizeBytes),
        type: 'audio/mpeg',
      },
      duration: '3',
    });

    const download = await waitFor('the download redirect to follow the tagged copy', async () => {
      const response = await fetch(item!.enclosure.url, { redirect: 'manual' });
      const location = response.headers.get('location');
      return location && decodeURIComponent(location).includes(tagged.storageKey) ? response : undefined;
    });
    expect(download.status).toBe(302);
    const audio = await fetch(new URL(download.headers.get('location')!, running.url));
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBe(tagged.sizeBytes);
  });

  it("answers another creator's podcast id with 404 and never its data", async () => {
    const podcast = await createPodcast(api.as(alice), 'Private Matters');
    const mallory = await createTestUser('mallory');
    const response = await api.as(mallory).call('GET', `/api/podcasts/${podcast.id}`);
    expect(response).toEqual({
      status: 404,
      body: { code: 'PODCAST_NOT_FOUND', message: 'Podcast not found' },
    });
    const list = await api.as(mallory).ok<{ items: unknown[] }>('GET', '/api/podcasts');
    expect(list.items).toEqual([]);
  });

  it('rejects bad input with a 4xx and a clear message, and unsigned requests with 401', async () => {
    const creator = api.as(alice);
    expect(await creator.call('POST', '/api/podcasts', { name: '' })).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'name: Podcast name is required' },
    });
    const refused = await tusUpload(`${api.baseUrl}${MEDIA_UPLOAD_PATH}`, alice.token, {
      input: Buffer.from('MZ not a podcast'),
      fileName: 'a.exe',
      fileType: 'application/x-msdownload',
      purpose: 'episode-media',
    });
    expect(refused).toMatchObject({ outcome: 'refused', status: 422, uploadUrl: null });
    expect(JSON.parse(refused.outcome === 'refused' ? refused.body : '{}')).toMatchObject({
      code: 'UPLOAD_REFUSED',
      message: 'Unsupported file type. Please upload audio or video.',
    });
    expect(await creator.call('GET', '/api/episodes/not-a-uuid')).toMatchObject({ status: 400 });
    expect(await api.call('GET', '/api/podcasts')).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHENTICATED' },
    });
  });
});
