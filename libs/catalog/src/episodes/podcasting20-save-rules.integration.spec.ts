import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogRequests,
  chapterMessages,
  valueMessages,
  type Chapter,
  type UpdateEpisodeInput,
} from '@castbase/contracts';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

// The rules across a Podcasting 2.0 field's items are the catalog's to keep too (not only the editors'): a save that
// breaks one is refused with the spec's message, and the episode stays as it was.

const chapter = (
  id: string,
  startTime: number,
  endTime: number | null,
  title = `Chapter ${id}`,
): Chapter => ({
  id,
  startTime,
  endTime,
  title,
  toc: true,
});

describe('Podcasting 2.0 rules on save', () => {
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

  it('refuses overlapping chapters when an episode is created, with the message under the later chapter', async () => {
    const { ownerId, podcast } = await app.podcastWithEpisode({ withMedia: false });

    await expect(
      app.bus.request(catalogRequests.createEpisode, {
        userId: ownerId,
        podcastId: podcast.id,
        input: { title: 'Overlapping', chapters: [chapter('a', 0, 120), chapter('b', 60, 180)] },
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: chapterMessages.overlap,
      details: [{ path: ['input', 'chapters', 1, 'startTime'], message: chapterMessages.overlap }],
    });
  });

  it('refuses a chapter ending after the episode’s media, and keeps the stored episode', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: true });

    await expect(
      updateEpisode(ownerId, episode.id, {
        revision: episode.revision,
        chapters: [chapter('a', 0, 2), chapter('b', 2, 30)],
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: chapterMessages.endBeyondDuration });
    await expect(getEpisode(ownerId, episode.id)).resolves.toEqual(episode);

    const saved = await updateEpisode(ownerId, episode.id, {
      revision: episode.revision,
      chapters: [chapter('a', 0, 2), chapter('b', 2, 3)],
    });
    expect(saved.chapters.map(({ id }) => id)).toEqual(['a', 'b']);
  });

  it('refuses a value block whose splits do not total 100%', async () => {
    const { ownerId, episode } = await app.podcastWithEpisode({ withMedia: false });
    const recipient = (name: string, split: number) => ({
      name,
      type: 'node' as const,
      address: '03ae9f91a0cb8ff43840e3c322c4c61f019d8c1c3cea15a25cfc425ac605e61a4a',
      split,
    });

    await expect(
      updateEpisode(ownerId, episode.id, {
        revision: episode.revision,
        value: {
          type: 'lightning',
          method: 'keysend',
          suggested: 0.00000005,
          recipients: [recipient('Host', 60), recipient('Producer', 30)],
        },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: valueMessages.splitsMustTotal100 });
  });

  it('checks only the fields a save changes: a title save passes beside chapters made before the media was known', async () => {
    const { ownerId, podcast } = await app.podcastWithEpisode({ withMedia: false });
    // Without media the duration is unknown, so a chapter at 10 minutes is accepted…
    const created = await app.bus.request(catalogRequests.createEpisode, {
      userId: ownerId,
      podcastId: podcast.id,
      input: { title: 'Chapters first', chapters: [chapter('a', 600, 660)] },
    });
    const media = app.storedMediaFile(ownerId);
    // …and attaching a 3-second file does not take the chapters away.
    const withMedia = await updateEpisode(ownerId, created.id, {
      revision: created.revision,
      mediaId: media.id,
    });

    const renamed = await updateEpisode(ownerId, created.id, {
      revision: withMedia.revision,
      title: 'Renamed',
      chapters: withMedia.chapters,
    });

    expect(renamed).toMatchObject({ title: 'Renamed', chapters: [{ id: 'a', startTime: 600 }] });
  });
});
