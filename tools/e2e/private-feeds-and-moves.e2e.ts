import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveFfmpegBinaries, renderToneMp3 } from '@castbase/platform-ffmpeg';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
import type { FeedStatus, Podcast, PodcastSettingsInput } from '@castbase/contracts';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { createAndPublishEpisode, createPodcast, uploadFile, uploadMp3 } from './support/publish-flow.js';
import { solidPng } from './support/web-journey.js';
import { testProcessEnv } from './support/test-process-env.js';

/**
 * A private podcast's feeds and episode files through the built all-in-one process, as a podcast app reaches them:
 * the token in every URL, 401 without it, the old token refused after a rotation, and a slug change answered with
 * 301 from every old address.
 */
describe('private feeds, token rotation and moved feeds through the all-in-one process', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let api: ApiClient;
  let owner: TestUser;
  let mp3Path: string;

  beforeAll(async () => {
    database = await createTestDatabase('private_feeds');
    const port = await freePort();
    running = await runAllInOne(await testProcessEnv(database, port, 'in-process'));
    api = new ApiClient(running.url);
    owner = await createTestUser('priya');
    mp3Path = join(await mkdtemp(join(tmpdir(), 'castbase-mp3-')), 'tone.mp3');
    await renderToneMp3(resolveFfmpegBinaries(), mp3Path, 2);
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  const settingsOf = (podcast: Podcast, change: Partial<PodcastSettingsInput>): PodcastSettingsInput => ({
    name: podcast.name,
    slug: podcast.slug,
    description: podcast.description,
    category: podcast.category,
    language: podcast.language,
    author: podcast.author,
    explicit: podcast.explicit,
    artworkMediaId: podcast.artworkMediaId,
    visibility: podcast.visibility,
    ...change,
  });
  const get = (url: string) => fetch(url, { redirect: 'manual' });

  it('hands out token URLs, refuses feeds and downloads without the current token, and redirects after a slug change', async () => {
    const creator = api.as(owner);
    const created = await createPodcast(creator, 'Members Only');
    const media = await uploadMp3(creator, mp3Path, 'members.mp3');
    await createAndPublishEpisode(creator, created, media, 'For members');
    const artwork = await uploadFile(creator, {
      input: solidPng(1400, 1400),
      fileName: 'cover.png',
      fileType: 'image/png',
      purpose: 'podcast-art',
    });
    const podcast = await creator.ok<Podcast>(
      'PUT',
      `/api/podcasts/${created.id}`,
      settingsOf(created, { visibility: 'private', artworkMediaId: artwork.id }),
    );
    const token = podcast.privateAccessToken ?? '';
    expect(token).not.toBe('');

    const status = await waitFor('the private feed generated', async () => {
      const current = await creator.ok<FeedStatus>('GET', `/api/podcasts/${podcast.id}/feed`);
      return current.private && !current.needsUpdate && current.episodeCount === 1 ? current : undefined;
    });
    const feedUrl = `${running.url}/feeds/priya/members-only.xml`;
    expect(status.url).toBe(`${feedUrl}?token=${token}`);
    expect(status.urls.recent).toBe(`${running.url}/feeds/priya/members-only-recent.xml?token=${token}`);

    const refused = await get(feedUrl);
    expect([refused.status, refused.headers.get('cache-control')]).toEqual([401, 'no-store']);
    expect(await refused.json()).toMatchObject({ code: 'FEED_TOKEN_REQUIRED' });
    const feed = await get(status.url);
    expect(feed.status).toBe(200);
    const xml = await feed.text();
    const enclosure = /<enclosure url="([^"]+)"/.exec(xml)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(enclosure).toContain(`?token=${token}`);
    const enclosurePath = new URL(enclosure).pathname;
    expect((await get(`${running.url}${enclosurePath}`)).status).toBe(401);
    expect((await get(`${running.url}${enclosurePath}?token=${token}`)).status).toBe(302);

    const rotated = await creator.ok<Podcast>('POST', `/api/podcasts/${podcast.id}/private-token`);
    const newToken = rotated.privateAccessToken ?? '';
    expect(newToken).not.toBe(token);
    await waitFor('the old token refused', async () => (await get(status.url)).status === 401);
    expect(await (await get(status.url)).json()).toMatchObject({ code: 'FEED_TOKEN_INVALID' });
    await waitFor(
      'the old token refused for downloads',
      async () => (await get(`${running.url}${enclosurePath}?token=${token}`)).status === 401,
    );
    expect((await get(`${feedUrl}?token=${newToken}`)).status).toBe(200);

    await creator.ok<Podcast>(
      'PUT',
      `/api/podcasts/${podcast.id}`,
      settingsOf(rotated, { slug: 'members-club' }),
    );
    const moved = await waitFor('the old address moved', async () => {
      const response = await get(`${running.url}/feeds/priya/members-only-recent.xml?token=${newToken}`);
      return response.status === 301 ? response : undefined;
    });
    expect(moved.headers.get('location')).toBe(
      `${running.url}/feeds/priya/members-club-recent.xml?token=${newToken}`,
    );
    const newFeed = await waitFor('the feed at its new address naming it', async () => {
      const response = await get(`${running.url}/feeds/priya/members-club.xml?token=${newToken}`);
      const text = response.status === 200 ? await response.text() : '';
      return text.includes('<itunes:new-feed-url>') ? text : undefined;
    });
    expect(newFeed).toContain(
      `<itunes:new-feed-url>${running.url}/feeds/priya/members-club.xml?token=${newToken}</itunes:new-feed-url>`,
    );
  });
});
