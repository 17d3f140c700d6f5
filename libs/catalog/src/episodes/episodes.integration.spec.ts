import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, catalogRequests, storedEpisodeMediaSchema } from '@castbase/contracts';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('catalog service: episodes, asked over the bus as the gateway asks', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  describe('episodes', () => {
    it('creates a draft episode carrying the media file the media service describes', async () => {
      const ownerId = app.newOwner();
      const podcast = await app.createPodcast(ownerId, { name: 'With Media' });
      const file = app.storedMediaFile(ownerId);

      const episode = await app.createEpisode(ownerId, podcast.id, { title: 'Pilot', mediaId: file.id });

      expect(episode).toMatchObject({
        podcastId: podcast.id,
        ownerId,
        title: 'Pilot',
        status: 'draft',
        publishDate: null,
        media: {
          mediaId: file.id,
          fileName: file.fileName,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
          durationSeconds: file.durationSeconds,
          storageKey: file.storageKey,
          url: file.url,
        },
      });
      await expect(
        app.bus.request(catalogRequests.getEpisode, { userId: ownerId, episodeId: episode.id }),
      ).resolves.toEqual(episode);
      // The key is kept, the URL made when the episode is read: a new PUBLIC_URL leaves nothing stale.
      const [stored] = await app.rows('select media from catalog.episodes where id = ?', [episode.id]);
      expect(stored?.['media']).not.toHaveProperty('url');
    });

    it("refuses a mediaId the media service does not know, or another owner's file, with MEDIA_NOT_FOUND", async () => {
      const ownerId = app.newOwner();
      const podcast = await app.createPodcast(ownerId, { name: 'Missing Media' });
      const someoneElsesFile = app.storedMediaFile(app.newOwner());

      for (const mediaId of [randomUUID(), someoneElsesFile.id]) {
        await expect(
          app.createEpisode(ownerId, podcast.id, { title: 'Lost', mediaId }),
        ).rejects.toMatchObject({
          code: 'MEDIA_NOT_FOUND',
          message: 'Media file not found',
        });
      }
      await expect(
        app.bus.request(catalogRequests.listEpisodes, { userId: ownerId, podcastId: podcast.id, query: {} }),
      ).resolves.toMatchObject({ items: [], total: 0 });
    });

    it("refuses an episode in another owner's podcast with PODCAST_NOT_FOUND", async () => {
      const podcast = await app.createPodcast(app.newOwner(), { name: 'Not Yours' });

      await expect(
        app.createEpisode(app.newOwner(), podcast.id, { title: 'Intruder' }),
      ).rejects.toMatchObject({
        code: 'PODCAST_NOT_FOUND',
      });
    });

    it('refuses to publish an episode without media with EPISODE_HAS_NO_MEDIA "Either audio or video is required for published episodes"', async () => {
      const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: false });

      await expect(app.publishEpisode(ownerId, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_HAS_NO_MEDIA',
        message: 'Either audio or video is required for published episodes',
      });
      expect(
        await app.rows('select status, publish_date from catalog.episodes where id = ?', [episode.id]),
      ).toEqual([{ status: 'draft', publish_date: null }]);
      expect(await app.outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id)).toEqual(
        [],
      );
    });

    it('publishes now: status published, a publish date, and one catalog.episode.published outbox row with the media', async () => {
      const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: true });
      const before = Date.now();

      const published = await app.publishEpisode(ownerId, episode.id);

      expect(published).toMatchObject({ id: episode.id, status: 'published' });
      const publishedAt = Date.parse(published.publishDate ?? '');
      expect(publishedAt).toBeGreaterThanOrEqual(before);
      expect(publishedAt).toBeLessThanOrEqual(Date.now());
      expect(
        await app.rows(
          `select status, ${app.isoTimestamp('publish_date')} from catalog.episodes where id = ?`,
          [episode.id],
        ),
      ).toEqual([{ status: 'published', publish_date: published.publishDate }]);
      const outbox = await app.outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id);
      expect(outbox.map((row) => row['payload'])).toEqual([
        {
          episodeId: episode.id,
          podcastId: podcast.id,
          ownerId,
          publishedAt: published.publishDate,
          title: published.title,
          chapters: [],
          // Other services get the key, never a URL.
          media: storedEpisodeMediaSchema.parse(episode.media),
        },
      ]);
    });

    it('refuses to publish an episode twice with EPISODE_ALREADY_PUBLISHED, keeping the first publish date', async () => {
      const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: true });
      const first = await app.publishEpisode(ownerId, episode.id);

      await expect(app.publishEpisode(ownerId, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_ALREADY_PUBLISHED',
        message: 'Episode is already published',
      });
      await expect(
        app.bus.request(catalogRequests.getEpisode, { userId: ownerId, episodeId: episode.id }),
      ).resolves.toEqual(first);
      expect(
        await app.outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id),
      ).toHaveLength(1);
    });

    it('publishes once when two publish requests for the episode arrive together', async () => {
      const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: true });

      const outcomes = await Promise.allSettled([
        app.publishEpisode(ownerId, episode.id),
        app.publishEpisode(ownerId, episode.id),
      ]);

      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(outcomes).toContainEqual({
        status: 'rejected',
        reason: expect.objectContaining({ code: 'EPISODE_ALREADY_PUBLISHED' }),
      });
      expect(
        await app.outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id),
      ).toHaveLength(1);
    });

    it('answers EPISODE_NOT_FOUND to another owner who reads or publishes the episode, and leaves it a draft', async () => {
      const { episode } = await app.podcastWithEpisode({ withMedia: true });
      const stranger = app.newOwner();

      await expect(
        app.bus.request(catalogRequests.getEpisode, { userId: stranger, episodeId: episode.id }),
      ).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND', message: 'Episode not found' });
      await expect(app.publishEpisode(stranger, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_NOT_FOUND',
      });
      expect(await app.rows('select status from catalog.episodes where id = ?', [episode.id])).toEqual([
        { status: 'draft' },
      ]);
      expect(await app.outboxRows(catalogEvents.episodePublished.subject, 'episodeId', episode.id)).toEqual(
        [],
      );
    });
  });
});
