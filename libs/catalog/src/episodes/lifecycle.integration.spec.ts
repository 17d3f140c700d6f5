import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogRequests, type Episode } from '@castbase/contracts';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

const inOneDay = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();

describe('catalog service: the episode lifecycle (spec 2 §4), asked over the bus as the gateway asks', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const ask = {
    publish: (userId: string, episodeId: string) =>
      app.bus.request(catalogRequests.publishEpisode, { userId, episodeId }),
    unpublish: (userId: string, episodeId: string) =>
      app.bus.request(catalogRequests.unpublishEpisode, { userId, episodeId }),
    schedule: (userId: string, episodeId: string, scheduledReleaseDate: string) =>
      app.bus.request(catalogRequests.scheduleEpisode, {
        userId,
        episodeId,
        input: { scheduledReleaseDate },
      }),
    cancelSchedule: (userId: string, episodeId: string) =>
      app.bus.request(catalogRequests.cancelSchedule, { userId, episodeId }),
    duplicate: (userId: string, episodeId: string) =>
      app.bus.request(catalogRequests.duplicateEpisode, { userId, episodeId }),
    delete: (userId: string, episodeId: string) =>
      app.bus.request(catalogRequests.deleteEpisode, { userId, episodeId }),
    get: (userId: string, episodeId: string) =>
      app.bus.request(catalogRequests.getEpisode, { userId, episodeId }),
  };

  /** The versions of an episode, oldest first: who saved each and the status it had. */
  const versions = async (episodeId: string) =>
    (
      await app.rows(
        'select version_number, user_id, status from catalog.episode_versions where episode_id = ? order by version_number',
        [episodeId],
      )
    ).map((row) => ({ versionNumber: row['version_number'], userId: row['user_id'], status: row['status'] }));

  /** The payloads of `subject` about `episodeId` in the catalog's outbox (in no particular order). */
  const eventsOf = async (subject: string, episodeId: string) =>
    (await app.outboxRows(subject, 'episodeId', episodeId)).map(
      (event) => event['payload'] as Record<string, unknown>,
    );

  /** A podcast of its own with one episode (with media unless said otherwise), and a person of each role. */
  async function podcastWithPeople(options: { withMedia: boolean } = { withMedia: true }) {
    const { ownerId, podcast, episode, media } = await app.podcastWithEpisode(options);
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');
    const viewer = await app.addContributor(ownerId, podcast.id, 'viewer');
    return { ownerId, podcast, episode, media, editor, viewer, stranger: app.newOwner() };
  }

  describe('publish', () => {
    it('publishes a draft now, records the version and writes catalog.episode.published with it', async () => {
      const { ownerId, podcast, episode, media } = await podcastWithPeople();
      const before = Date.now();

      const published = await ask.publish(ownerId, episode.id);

      expect(published).toMatchObject({ status: 'published', scheduledReleaseDate: null, revision: 2 });
      expect(new Date(published.publishDate ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(await versions(episode.id)).toEqual([
        { versionNumber: 1, userId: ownerId, status: 'draft' },
        { versionNumber: 2, userId: ownerId, status: 'published' },
      ]);
      expect(await eventsOf('catalog.episode.published', episode.id)).toEqual([
        {
          episodeId: episode.id,
          podcastId: podcast.id,
          ownerId,
          publishedAt: published.publishDate,
          title: published.title,
          chapters: [],
          media: expect.objectContaining({ mediaId: media?.id, storageKey: media?.storageKey }),
        },
      ]);
    });

    it('publishes a scheduled episode at once and clears its scheduled date', async () => {
      const { ownerId, episode } = await podcastWithPeople();
      await ask.schedule(ownerId, episode.id, inOneDay());

      const published = await ask.publish(ownerId, episode.id);

      expect(published).toMatchObject({ status: 'published', scheduledReleaseDate: null });
    });

    it('lets an editor publish, and refuses a viewer with "You don\'t have permission to publish to this podcast."', async () => {
      const { episode, editor, viewer } = await podcastWithPeople();

      await expect(ask.publish(viewer.userId, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_PUBLISH_FORBIDDEN',
        message: "You don't have permission to publish to this podcast.",
      });
      await expect(ask.publish(editor.userId, episode.id)).resolves.toMatchObject({ status: 'published' });
      expect((await versions(episode.id)).at(-1)).toMatchObject({ userId: editor.userId });
    });

    it('answers a stranger EPISODE_NOT_FOUND, exactly as for a missing episode, and changes nothing', async () => {
      const { ownerId, episode, stranger } = await podcastWithPeople();

      await expect(ask.publish(stranger, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_NOT_FOUND',
        message: 'Episode not found',
      });
      expect(await ask.get(ownerId, episode.id)).toMatchObject({ status: 'draft', revision: 1 });
    });

    it('refuses an episode without audio or video with "Either audio or video is required for published episodes"', async () => {
      const { ownerId, episode } = await podcastWithPeople({ withMedia: false });

      await expect(ask.publish(ownerId, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_HAS_NO_MEDIA',
        message: 'Either audio or video is required for published episodes',
      });
      expect(await eventsOf('catalog.episode.published', episode.id)).toEqual([]);
      expect(await versions(episode.id)).toHaveLength(1);
    });

    it('publishes once when asked twice at the same moment; the second answers "Episode is already published"', async () => {
      const { ownerId, episode } = await podcastWithPeople();

      const outcomes = await Promise.allSettled([
        ask.publish(ownerId, episode.id),
        ask.publish(ownerId, episode.id),
      ]);

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
        reason: { code: 'EPISODE_ALREADY_PUBLISHED', message: 'Episode is already published' },
      });
      expect(await eventsOf('catalog.episode.published', episode.id)).toHaveLength(1);
    });
  });

  describe('unpublish', () => {
    it('makes a published episode a draft and writes catalog.episode.unpublished', async () => {
      const { ownerId, podcast, episode, editor } = await podcastWithPeople();
      await ask.publish(ownerId, episode.id);

      const draft = await ask.unpublish(editor.userId, episode.id);

      expect(draft).toMatchObject({ status: 'draft', revision: 3 });
      expect(await eventsOf('catalog.episode.unpublished', episode.id)).toEqual([
        { episodeId: episode.id, podcastId: podcast.id, ownerId },
      ]);
    });

    it('refuses a draft with "Only a published episode can be unpublished", and a viewer with 403', async () => {
      const { ownerId, episode, viewer } = await podcastWithPeople();

      await expect(ask.unpublish(ownerId, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_NOT_PUBLISHED',
        message: 'Only a published episode can be unpublished',
      });
      await ask.publish(ownerId, episode.id);
      await expect(ask.unpublish(viewer.userId, episode.id)).rejects.toMatchObject({
        code: 'PODCAST_ROLE_FORBIDDEN',
      });
    });
  });

  describe('schedule and cancel schedule', () => {
    it('schedules a draft for a future date, moves the date, and writes catalog.episode.scheduled each time', async () => {
      const { ownerId, podcast, episode } = await podcastWithPeople();
      const first = inOneDay();
      const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();

      await expect(ask.schedule(ownerId, episode.id, first)).resolves.toMatchObject({
        status: 'scheduled',
        scheduledReleaseDate: first,
        publishDate: null,
      });
      const moved = await ask.schedule(ownerId, episode.id, later);

      expect(moved).toMatchObject({ status: 'scheduled', scheduledReleaseDate: later, revision: 3 });
      const scheduled = await eventsOf('catalog.episode.scheduled', episode.id);
      expect(scheduled).toHaveLength(2);
      expect(scheduled).toEqual(
        expect.arrayContaining([
          { episodeId: episode.id, podcastId: podcast.id, ownerId, scheduledReleaseDate: first },
          { episodeId: episode.id, podcastId: podcast.id, ownerId, scheduledReleaseDate: later },
        ]),
      );
    });

    it('refuses a date in the past with "Scheduled date must be in the future"', async () => {
      const { ownerId, episode } = await podcastWithPeople();

      await expect(
        ask.schedule(ownerId, episode.id, new Date(Date.now() - 60_000).toISOString()),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [
          expect.objectContaining({
            path: ['input', 'scheduledReleaseDate'],
            message: 'Scheduled date must be in the future',
          }),
        ],
      });
    });

    it('refuses a published episode and one without audio or video', async () => {
      const published = await podcastWithPeople();
      await ask.publish(published.ownerId, published.episode.id);
      const withoutMedia = await podcastWithPeople({ withMedia: false });

      await expect(ask.schedule(published.ownerId, published.episode.id, inOneDay())).rejects.toMatchObject({
        code: 'EPISODE_ALREADY_PUBLISHED',
        message: 'Episode is already published',
      });
      await expect(
        ask.schedule(withoutMedia.ownerId, withoutMedia.episode.id, inOneDay()),
      ).rejects.toMatchObject({ code: 'EPISODE_HAS_NO_MEDIA' });
    });

    it('cancels a schedule: a draft again, the date cleared, catalog.episode.schedule-canceled written', async () => {
      const { ownerId, podcast, episode, editor } = await podcastWithPeople();
      await ask.schedule(ownerId, episode.id, inOneDay());

      const draft = await ask.cancelSchedule(editor.userId, episode.id);

      expect(draft).toMatchObject({ status: 'draft', scheduledReleaseDate: null, publishDate: null });
      expect(await eventsOf('catalog.episode.schedule-canceled', episode.id)).toEqual([
        { episodeId: episode.id, podcastId: podcast.id, ownerId },
      ]);
    });

    it('refuses to cancel what is not scheduled with "Only a scheduled episode can have its schedule canceled"', async () => {
      const { ownerId, episode } = await podcastWithPeople();

      await expect(ask.cancelSchedule(ownerId, episode.id)).rejects.toMatchObject({
        code: 'EPISODE_NOT_SCHEDULED',
        message: 'Only a scheduled episode can have its schedule canceled',
      });
    });
  });

  describe('duplicate', () => {
    it("makes a draft titled '… (Copy)' with the same fields and media, no dates, its own guid and version 1", async () => {
      const { ownerId, podcast, episode, editor } = await podcastWithPeople();
      const published = await ask.publish(ownerId, episode.id);

      const copy = await ask.duplicate(editor.userId, episode.id);

      const differences: Array<keyof Episode> = [
        'id',
        'title',
        'status',
        'guid',
        'publishDate',
        'revision',
        'createdAt',
        'updatedAt',
      ];
      const without = (value: Episode) =>
        Object.fromEntries(
          Object.entries(value).filter(([key]) => !differences.includes(key as keyof Episode)),
        );
      expect(without(copy)).toEqual(without(published));
      expect(copy).toMatchObject({
        title: 'Pilot (Copy)',
        status: 'draft',
        publishDate: null,
        scheduledReleaseDate: null,
        revision: 1,
        media: published.media,
      });
      expect(copy.id).not.toBe(episode.id);
      expect(copy.guid).not.toBe(episode.guid);
      expect(await versions(copy.id)).toEqual([{ versionNumber: 1, userId: editor.userId, status: 'draft' }]);
      expect(await eventsOf('catalog.episode.created', copy.id)).toEqual([
        {
          episodeId: copy.id,
          podcastId: podcast.id,
          ownerId,
          status: 'draft',
          title: copy.title,
          chapters: [],
          media: expect.objectContaining({ mediaId: copy.media?.mediaId }),
        },
      ]);
      expect(await ask.get(ownerId, episode.id)).toEqual(published);
    });

    it('refuses a viewer with 403 and a stranger with EPISODE_NOT_FOUND', async () => {
      const { episode, viewer, stranger } = await podcastWithPeople();

      await expect(ask.duplicate(viewer.userId, episode.id)).rejects.toMatchObject({
        code: 'PODCAST_ROLE_FORBIDDEN',
      });
      await expect(ask.duplicate(stranger, episode.id)).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
    });
  });

  describe('delete', () => {
    it('deletes the episode and its versions for good and releases its media and artwork', async () => {
      const { ownerId, podcast, episode, media } = await podcastWithPeople();
      const artwork = app.storedMediaFile(ownerId, 'image');
      await app.bus.request(catalogRequests.updateEpisode, {
        userId: ownerId,
        episodeId: episode.id,
        input: { artworkMediaId: artwork.id, revision: episode.revision },
      });

      await expect(ask.delete(ownerId, episode.id)).resolves.toEqual({ episodeId: episode.id });

      await expect(ask.get(ownerId, episode.id)).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
      expect(await versions(episode.id)).toEqual([]);
      const [deleted] = await eventsOf('catalog.episode.deleted', episode.id);
      expect(deleted).toEqual({
        episodeId: episode.id,
        podcastId: podcast.id,
        ownerId,
        releasedMediaIds: expect.any(Array),
      });
      expect([...(deleted?.['releasedMediaIds'] as string[])].sort()).toEqual([media?.id, artwork.id].sort());
    });

    it("keeps a duplicate's shared media until the last episode playing it is deleted", async () => {
      const { ownerId, episode, media } = await podcastWithPeople();
      const copy = await ask.duplicate(ownerId, episode.id);

      await ask.delete(ownerId, episode.id);
      await ask.delete(ownerId, copy.id);

      expect(await eventsOf('catalog.episode.deleted', episode.id)).toEqual([
        expect.objectContaining({ releasedMediaIds: [] }),
      ]);
      expect(await eventsOf('catalog.episode.deleted', copy.id)).toEqual([
        expect.objectContaining({ releasedMediaIds: [media?.id] }),
      ]);
    });

    it('releases shared media exactly once when episodes and their copies are deleted at the same moment', async () => {
      const { ownerId, podcast } = await podcastWithPeople();
      const pairs = await Promise.all(
        Array.from({ length: 8 }, async (_, index) => {
          const media = app.storedMediaFile(ownerId);
          const episode = await app.createEpisode(ownerId, podcast.id, {
            title: `Pair ${index}`,
            mediaId: media.id,
          });
          return { media, episode, copy: await ask.duplicate(ownerId, episode.id) };
        }),
      );

      await Promise.all(
        pairs.flatMap(({ episode, copy }) => [ask.delete(ownerId, episode.id), ask.delete(ownerId, copy.id)]),
      );

      for (const { media, episode, copy } of pairs) {
        const released = [
          ...(await eventsOf('catalog.episode.deleted', episode.id)),
          ...(await eventsOf('catalog.episode.deleted', copy.id)),
        ].flatMap((event) => event['releasedMediaIds'] as string[]);
        expect(released).toEqual([media.id]);
      }
    });

    it('refuses a viewer with 403 and a stranger with EPISODE_NOT_FOUND, and keeps the episode', async () => {
      const { ownerId, episode, viewer, stranger } = await podcastWithPeople();

      await expect(ask.delete(viewer.userId, episode.id)).rejects.toMatchObject({
        code: 'PODCAST_ROLE_FORBIDDEN',
      });
      await expect(ask.delete(stranger, episode.id)).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
      await expect(ask.get(ownerId, episode.id)).resolves.toMatchObject({ id: episode.id });
    });
  });
});
