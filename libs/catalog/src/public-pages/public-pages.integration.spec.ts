import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogRequests,
  PUBLIC_PODCAST_PAGE_SIZE,
  publicCatalogRequests,
  type CreateEpisodeInput,
  type CreatePodcastInput,
  type Podcast,
} from '@castbase/contracts';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('catalog service: the public pages, asked over the bus with no caller', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const episodePage = (episodeId: string) =>
    app.bus.request(publicCatalogRequests.getEpisodePage, { episodeId });
  const podcastPage = (name: string, query: { page?: number; season?: number } = {}) =>
    app.bus.request(publicCatalogRequests.getPodcastPage, { name, ...query });
  const podcastOf = (ownerId: string, ownerUsername: string | null, input: CreatePodcastInput) =>
    app.bus.request(catalogRequests.createPodcast, { ownerId, ownerUsername, ownerEmail: null, input });
  /** An episode with audio, published unless the input says otherwise. */
  const episodeWithAudio = (ownerId: string, podcast: Podcast, input: Partial<CreateEpisodeInput> = {}) =>
    app.createEpisode(ownerId, podcast.id, {
      title: 'An episode',
      status: 'published',
      mediaId: app.storedMediaFile(ownerId).id,
      ...input,
    });
  const uniqueUsername = () => `host_${Math.random().toString(36).slice(2, 10)}`;

  describe('catalog.public.episode.get', () => {
    it('answers a published episode of a public podcast with its podcast, media URL and Podcasting 2.0 fields', async () => {
      const ownerId = app.newOwner();
      const podcast = await podcastOf(ownerId, 'ada_public', { name: 'Open Air', description: 'Outdoors.' });
      const chapters = [
        { id: 'c1', startTime: 0, title: 'Hello', toc: true },
        { id: 'c2', startTime: 2, title: 'Goodbye', toc: true },
      ];
      const episode = await episodeWithAudio(ownerId, podcast, {
        title: 'Wind',
        description: 'Line one\nLine two',
        seasonNumber: 2,
        episodeNumber: 7,
        chapters,
      });

      const page = await episodePage(episode.id);

      expect(page.podcast).toMatchObject({
        id: podcast.id,
        name: 'Open Air',
        description: 'Outdoors.',
        ownerUsername: 'ada_public',
        feedPath: `/feeds/ada_public/${podcast.slug}.xml`,
      });
      expect(page.ownerId).toBe(ownerId);
      expect(page.podcast).not.toHaveProperty('ownerId');
      expect(page.podcast).not.toHaveProperty('privateAccessToken');
      expect(page.episode).toMatchObject({
        id: episode.id,
        title: 'Wind',
        description: 'Line one\nLine two',
        seasonNumber: 2,
        episodeNumber: 7,
        durationSeconds: 3,
        publishDate: episode.publishDate,
        chapters,
        media: { mimeType: 'audio/mpeg', sizeBytes: 48_000 },
      });
      expect(page.episode.media?.url).toBe(episode.media?.url);
      expect(page.episode).not.toHaveProperty('plays');
      expect(page.episode).not.toHaveProperty('ownerId');
    });

    it("shows the podcast's artwork for an episode without its own", async () => {
      const ownerId = app.newOwner();
      const artwork = app.storedMediaFile(ownerId, 'image');
      const podcast = await podcastOf(ownerId, null, { name: 'Art Show', artworkMediaId: artwork.id });
      const episode = await episodeWithAudio(ownerId, podcast);

      const page = await episodePage(episode.id);

      expect(page.podcast.artworkUrl).toContain(artwork.storageKey);
      expect(page.episode.artworkUrl).toBe(page.podcast.artworkUrl);
    });

    it("answers EPISODE_NOT_FOUND for a draft, a scheduled episode, a private podcast's episode and an unknown id", async () => {
      const ownerId = app.newOwner();
      const podcast = await podcastOf(ownerId, null, { name: 'Hidden Things' });
      const draft = await app.createEpisode(ownerId, podcast.id, { title: 'Draft' });
      const scheduled = await episodeWithAudio(ownerId, podcast, {
        status: 'scheduled',
        scheduledReleaseDate: new Date(Date.now() + 86_400_000).toISOString(),
      });
      const privatePodcast = await podcastOf(ownerId, null, { name: 'Members only', visibility: 'private' });
      const privateEpisode = await episodeWithAudio(ownerId, privatePodcast);

      for (const episodeId of [draft.id, scheduled.id, privateEpisode.id, crypto.randomUUID()]) {
        await expect(episodePage(episodeId)).rejects.toMatchObject({
          code: 'EPISODE_NOT_FOUND',
          message: 'Episode not found',
        });
      }
    });

    it('refuses an id that is not a UUID as VALIDATION_FAILED, never an error of the database', async () => {
      await expect(episodePage('not-a-uuid')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe('catalog.public.podcast.get', () => {
    it("answers a username with the owner's oldest public podcast and lists the others", async () => {
      const ownerId = app.newOwner();
      const username = uniqueUsername();
      await podcastOf(ownerId, username, { name: 'Private First', visibility: 'private' });
      const first = await podcastOf(ownerId, username, { name: 'First Show' });
      const second = await podcastOf(ownerId, username, { name: 'Second Show' });

      const page = await podcastPage(username.toUpperCase());

      expect(page.ownerId).toBe(ownerId);
      expect(page.podcast).toMatchObject({ id: first.id, name: 'First Show', ownerUsername: username });
      expect(page.otherPodcasts).toEqual([{ id: second.id, name: 'Second Show' }]);
      expect(page).toMatchObject({
        episodes: [],
        seasons: [],
        season: null,
        page: 1,
        pageCount: 0,
        total: 0,
      });
    });

    it('answers a podcast id with that podcast and no others', async () => {
      const ownerId = app.newOwner();
      const username = uniqueUsername();
      await podcastOf(ownerId, username, { name: 'Older' });
      const newer = await podcastOf(ownerId, username, { name: 'Newer' });

      const page = await podcastPage(newer.id);

      expect(page.podcast.id).toBe(newer.id);
      expect(page.otherPodcasts).toEqual([]);
    });

    it('takes LIKE characters in a name literally: "_" and "%" match nobody else\'s username', async () => {
      const ownerId = app.newOwner();
      await podcastOf(ownerId, 'abc_def', { name: 'Underscored' });

      await expect(podcastPage('abcxdef')).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
      await expect(podcastPage('abc%')).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
      expect((await podcastPage('abc_def')).podcast.name).toBe('Underscored');
    });

    it('answers PODCAST_NOT_FOUND for a private podcast by id or username, and for nobody', async () => {
      const ownerId = app.newOwner();
      const username = uniqueUsername();
      const hidden = await podcastOf(ownerId, username, { name: 'Hidden', visibility: 'private' });

      for (const name of [hidden.id, username, crypto.randomUUID(), 'nobody_here']) {
        await expect(podcastPage(name)).rejects.toMatchObject({
          code: 'PODCAST_NOT_FOUND',
          message: 'Podcast not found',
        });
      }
    });

    it('lists published episodes only, newest first, a page at a time, with the seasons and a season filter', async () => {
      const ownerId = app.newOwner();
      const podcast = await podcastOf(ownerId, null, { name: 'Many Episodes' });
      const count = PUBLIC_PODCAST_PAGE_SIZE + 3;
      for (let n = 1; n <= count; n++) {
        await episodeWithAudio(ownerId, podcast, {
          title: `Episode ${n}`,
          seasonNumber: n <= 5 ? 1 : 3,
          episodeNumber: n,
        });
      }
      await app.createEpisode(ownerId, podcast.id, { title: 'Draft', seasonNumber: 9 });

      const first = await podcastPage(podcast.id);
      const second = await podcastPage(podcast.id, { page: 2 });
      const seasonOne = await podcastPage(podcast.id, { season: 1 });
      const beyond = await podcastPage(podcast.id, { page: 5 });

      expect(first).toMatchObject({ total: count, pageCount: 2, page: 1, seasons: [1, 3], season: null });
      expect(first.episodes.map((episode) => episode.title)).toEqual(
        Array.from({ length: PUBLIC_PODCAST_PAGE_SIZE }, (_, index) => `Episode ${count - index}`),
      );
      expect(second.episodes.map((episode) => episode.title)).toEqual([
        'Episode 3',
        'Episode 2',
        'Episode 1',
      ]);
      expect(seasonOne).toMatchObject({ total: 5, pageCount: 1, season: 1 });
      expect(seasonOne.episodes.map((episode) => episode.episodeNumber)).toEqual([5, 4, 3, 2, 1]);
      expect(beyond).toMatchObject({ episodes: [], page: 5, total: count });
    });

    it('refuses a page or season that is not a positive whole number as VALIDATION_FAILED', async () => {
      await expect(
        app.bus.request(publicCatalogRequests.getPodcastPage, { name: 'someone', page: 0 }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(
        app.bus.request(publicCatalogRequests.getPodcastPage, { name: 'someone', season: -1 }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });
});
