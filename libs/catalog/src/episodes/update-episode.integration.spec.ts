import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogEvents,
  catalogRequests,
  storedEpisodeMediaSchema,
  type UpdateEpisodeInput,
} from '@castbase/contracts';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

describe('catalog.episode.update: the editor saves from a revision', () => {
  let app: CatalogTestApp;

  beforeAll(async () => {
    app = await startCatalogTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  const updateEpisode = (userId: string, episodeId: string, input: UpdateEpisodeInput) =>
    app.bus.request(catalogRequests.updateEpisode, { userId, episodeId, input });
  const getEpisode = (userId: string, episodeId: string) =>
    app.bus.request(catalogRequests.getEpisode, { userId, episodeId });
  const outboxPayloads = async (subject: string, episodeId: string) =>
    (await app.outboxRows(subject, 'episodeId', episodeId)).map((row) => row['payload']);
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  it('saves the fields it is given, keeps the others, goes to the next revision and tells catalog.episode.updated', async () => {
    const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: true });

    const saved = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      title: 'Pilot, remastered',
      tags: ['remaster'],
      seasonNumber: 3,
      location: { name: 'Porto' },
    });

    expect(saved).toMatchObject({
      title: 'Pilot, remastered',
      tags: ['remaster'],
      seasonNumber: 3,
      location: { name: 'Porto' },
      description: episode.description,
      media: episode.media,
      guid: episode.guid,
      revision: episode.revision + 1,
    });
    await expect(getEpisode(ownerId, episode.id)).resolves.toEqual(saved);
    expect(await outboxPayloads(catalogEvents.episodeUpdated.subject, episode.id)).toEqual([
      {
        episodeId: episode.id,
        podcastId: podcast.id,
        ownerId,
        status: 'draft',
        // What the MP3's tags hold, for media's tagging job.
        title: 'Pilot, remastered',
        chapters: [],
        media: storedEpisodeMediaSchema.parse(saved.media),
      },
    ]);
  });

  it('refuses a save from an older revision with EPISODE_EDIT_CONFLICT and its message, changing nothing', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: false });
    const first = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      title: 'First tab',
    });

    await expect(
      updateEpisode(ownerId, episode.id, { revision: episode.revision, title: 'Second tab' }),
    ).rejects.toMatchObject({
      code: 'EPISODE_EDIT_CONFLICT',
      message:
        'This episode was changed elsewhere (another tab or another person) after you opened it. Reload to see the latest version; your changes were not saved.',
    });
    await expect(getEpisode(ownerId, episode.id)).resolves.toEqual(first);
  });

  it('of two saves from one revision at the same moment, keeps exactly one and refuses the other', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: false });

    const outcomes = await Promise.allSettled(
      ['Tab A', 'Tab B'].map((title) =>
        updateEpisode(ownerId, episode.id, { revision: episode.revision, title }),
      ),
    );

    const saved = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const refused = outcomes.flatMap((outcome): unknown[] =>
      outcome.status === 'rejected' ? [outcome.reason] : [],
    );
    expect(saved).toHaveLength(1);
    expect(refused).toEqual([expect.objectContaining({ code: 'EPISODE_EDIT_CONFLICT' })]);
    await expect(getEpisode(ownerId, episode.id)).resolves.toMatchObject({
      title: saved[0]?.title,
      revision: episode.revision + 1,
    });
    expect(
      await app.rows('select count(*)::int as versions from catalog.episode_versions where episode_id = ?', [
        episode.id,
      ]),
    ).toEqual([{ versions: 2 }]);
  });

  it('refuses a save loaded before a publish from another tab, since every lifecycle change is a revision too', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: true });
    const published = await app.publishEpisode(ownerId, episode.id);

    await expect(
      updateEpisode(ownerId, episode.id, { revision: episode.revision, status: 'draft', title: 'Stale' }),
    ).rejects.toMatchObject({ code: 'EPISODE_EDIT_CONFLICT' });
    expect(published.revision).toBe(episode.revision + 1);
    await expect(getEpisode(ownerId, episode.id)).resolves.toEqual(published);
  });

  it('publishes through a save: publish date now and catalog.episode.published beside catalog.episode.updated', async () => {
    const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: true });

    const saved = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      status: 'published',
    });

    expect(saved.status).toBe('published');
    expect(saved.publishDate).not.toBeNull();
    expect(await outboxPayloads(catalogEvents.episodePublished.subject, episode.id)).toEqual([
      expect.objectContaining({
        episodeId: episode.id,
        podcastId: podcast.id,
        publishedAt: saved.publishDate,
      }),
    ]);
  });

  it('schedules, moves and cancels a schedule through saves, with their events; draft clears the date', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: false });
    const firstDate = inAnHour();
    const laterDate = new Date(Date.now() + 7_200_000).toISOString();

    const scheduled = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      status: 'scheduled',
      scheduledReleaseDate: firstDate,
    });
    const moved = await updateEpisode(ownerId, episode.id, {
      revision: scheduled.revision,
      scheduledReleaseDate: laterDate,
    });
    const draft = await updateEpisode(ownerId, episode.id, { revision: moved.revision, status: 'draft' });

    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledReleaseDate: firstDate });
    expect(moved).toMatchObject({ status: 'scheduled', scheduledReleaseDate: laterDate });
    expect(draft).toMatchObject({ status: 'draft', scheduledReleaseDate: null });
    expect(
      (await outboxPayloads(catalogEvents.episodeScheduled.subject, episode.id)).map(
        (payload) => (payload as { scheduledReleaseDate: string }).scheduledReleaseDate,
      ),
    ).toEqual(expect.arrayContaining([firstDate, laterDate]));
    expect(await outboxPayloads(catalogEvents.episodeScheduleCanceled.subject, episode.id)).toHaveLength(1);
  });

  it('unpublishes through a save with catalog.episode.unpublished', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: true });
    const published = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      status: 'published',
    });

    const draft = await updateEpisode(ownerId, episode.id, { revision: published.revision, status: 'draft' });

    expect(draft.status).toBe('draft');
    expect(await outboxPayloads(catalogEvents.episodeUnpublished.subject, episode.id)).toHaveLength(1);
  });

  it.each<[string, string, { withMedia: boolean }, (revision: number) => UpdateEpisodeInput]>([
    [
      'publishing without audio or video',
      'Either audio or video is required for published episodes',
      { withMedia: false },
      (revision) => ({ revision, status: 'published' }),
    ],
    [
      'scheduling without a date',
      'Publish date is required for scheduled episodes',
      { withMedia: false },
      (revision) => ({ revision, status: 'scheduled' }),
    ],
    [
      'scheduling in the past',
      'Scheduled date must be in the future',
      { withMedia: false },
      (revision) => ({
        revision,
        status: 'scheduled',
        scheduledReleaseDate: new Date(Date.now() - 1000).toISOString(),
      }),
    ],
    [
      'a title of 255 characters',
      'Title must be less than 255 characters',
      { withMedia: false },
      (revision) => ({ revision, title: 'x'.repeat(255) }),
    ],
    [
      'a description of 4000 characters',
      'Description must be less than 4000 characters',
      { withMedia: false },
      (revision) => ({ revision, description: 'x'.repeat(4000) }),
    ],
  ])('refuses %s with VALIDATION_FAILED "%s"', async (_case, message, setup, input) => {
    const { ownerId, episode } = await app.podcastWithEpisode(setup);

    await expect(updateEpisode(ownerId, episode.id, input(episode.revision))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ message })],
    });
    await expect(getEpisode(ownerId, episode.id)).resolves.toEqual(episode);
  });

  it('refuses to take the media away from a published episode', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: true });
    const published = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      status: 'published',
    });

    await expect(
      updateEpisode(ownerId, episode.id, { revision: published.revision, mediaId: null }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Either audio or video is required for published episodes',
    });
  });

  it("swaps the media for another of the caller's files and keeps the owner's file when an editor saves other fields", async () => {
    const { ownerId, podcast, episode, media } = await app.podcastWithEpisode({ withMedia: true });
    const editor = await app.addContributor(ownerId, podcast.id, 'editor');

    const byEditor = await updateEpisode(editor.userId, episode.id, {
      revision: episode.revision,
      mediaId: media?.id ?? null,
      title: 'Edited by the editor',
    });
    const video = app.storedMediaFile(editor.userId, 'video');
    const withVideo = await updateEpisode(editor.userId, episode.id, {
      revision: byEditor.revision,
      mediaId: video.id,
    });

    expect(byEditor).toMatchObject({ title: 'Edited by the editor', media: { mediaId: media?.id } });
    expect(withVideo).toMatchObject({ media: { mediaId: video.id, mimeType: 'video/mp4' }, ownerId });
  });

  it('lets a viewer read but not save (PODCAST_ROLE_FORBIDDEN), and answers a stranger EPISODE_NOT_FOUND', async () => {
    const { ownerId, podcast, episode } = await app.podcastWithEpisode({ withMedia: false });
    const viewer = await app.addContributor(ownerId, podcast.id, 'viewer');

    await expect(
      updateEpisode(viewer.userId, episode.id, { revision: episode.revision, title: 'Nope' }),
    ).rejects.toMatchObject({ code: 'PODCAST_ROLE_FORBIDDEN' });
    await expect(
      updateEpisode(app.newOwner(), episode.id, { revision: episode.revision, title: 'Nope' }),
    ).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
    await expect(getEpisode(ownerId, episode.id)).resolves.toEqual(episode);
  });

  it('saves a description holding a NUL character without it', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: false });

    const saved = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      description: 'line\u0000 one',
    });

    expect(saved.description).toBe('line one');
  });
});
