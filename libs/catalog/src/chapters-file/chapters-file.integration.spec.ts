import { randomUUID } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogRequests,
  chaptersFileKey,
  JSON_CHAPTERS_CONTENT_TYPE,
  mediaEvents,
  publicChaptersRequests,
  type Chapter,
} from '@castbase/contracts';
import { newEventId } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { waitFor } from '@castbase/platform-testing';
import { startCatalogTestApp, type CatalogTestApp } from '../testing/catalog-test-app.js';

/** The editor's chapters, out of order as a list may hold them; the test audio lasts 3 seconds. */
const chapters: Chapter[] = [
  {
    id: 'c2',
    startTime: 1.5,
    endTime: 3,
    title: 'Main',
    url: 'https://example.com/main',
    image: null,
    toc: true,
  },
  { id: 'c1', startTime: 0, title: 'Intro', image: 'https://example.com/intro.jpg', toc: true },
  { id: 'c3', startTime: 1, endTime: 1.5, title: 'Ad', toc: false },
];

/** The checks of the podcastindex.org JSON chapters format, version 1.2.0, on a parsed file. */
function expectValidJsonChapters(document: unknown): void {
  expect(document).toMatchObject({ version: '1.2.0', chapters: expect.any(Array) });
  const list = (document as { chapters: Array<Record<string, unknown>> }).chapters;
  const starts = list.map((chapter) => chapter['startTime']);
  expect(starts).toEqual([...starts].sort((a, b) => Number(a) - Number(b)));
  for (const chapter of list) {
    expect(typeof chapter['startTime']).toBe('number');
    expect(typeof chapter['title']).toBe('string');
    for (const field of ['url', 'img'] as const) {
      if (chapter[field] !== undefined) expect(() => new URL(String(chapter[field]))).not.toThrow();
    }
    if (chapter['endTime'] !== undefined)
      expect(Number(chapter['endTime'])).toBeGreaterThan(Number(chapter['startTime']));
    if (chapter['toc'] !== undefined) expect(typeof chapter['toc']).toBe('boolean');
    const known = ['startTime', 'title', 'url', 'img', 'endTime', 'toc', 'location'];
    expect(Object.keys(chapter).filter((key) => !known.includes(key))).toEqual([]);
  }
}

describe('the chapters file (chapters/episode_{id}_chapters.json)', () => {
  let app: CatalogTestApp;
  let storage: ObjectStorage;

  beforeAll(async () => {
    app = await startCatalogTestApp();
    storage = app.catalog.get(ObjectStorage);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const storedFile = async (episodeId: string) => {
    const head = await storage.head(chaptersFileKey(episodeId));
    if (!head) return null;
    const object = await storage.get(chaptersFileKey(episodeId));
    return { contentType: head.contentType, document: JSON.parse(await text(object.body)) as unknown };
  };
  const fileGone = async (episodeId: string) => !(await storage.exists(chaptersFileKey(episodeId)));

  async function episodeWithChapters() {
    const ownerId = app.newOwner();
    const podcast = await app.createPodcast(ownerId, { name: 'Chapters Show' });
    const media = app.storedMediaFile(ownerId);
    const episode = await app.createEpisode(ownerId, podcast.id, {
      title: 'Pilot',
      mediaId: media.id,
      chapters,
    });
    return { ownerId, podcast, episode, media };
  }

  it('is written when an episode is created with chapters: JSON chapters 1.2.0, sorted, with url, img, endTime and toc', async () => {
    const { episode } = await episodeWithChapters();

    const file = await waitFor('the chapters file', () => storedFile(episode.id));

    expect(file.contentType).toBe(JSON_CHAPTERS_CONTENT_TYPE);
    expectValidJsonChapters(file.document);
    expect(file.document).toEqual({
      version: '1.2.0',
      title: 'Pilot',
      podcastName: 'Chapters Show',
      chapters: [
        { startTime: 0, title: 'Intro', img: 'https://example.com/intro.jpg', toc: true },
        { startTime: 1, endTime: 1.5, title: 'Ad', toc: false },
        { startTime: 1.5, endTime: 3, title: 'Main', url: 'https://example.com/main', toc: true },
      ],
    });
  });

  it('follows an edit of the chapters, goes when they are emptied, and comes back with the next', async () => {
    const { ownerId, episode } = await episodeWithChapters();
    await waitFor('the first file', () => storedFile(episode.id));

    const edited = await app.bus.request(catalogRequests.updateEpisode, {
      userId: ownerId,
      episodeId: episode.id,
      input: { revision: episode.revision, chapters: [{ ...chapters[1]!, title: 'Welcome' }] },
    });
    await waitFor('the edited file', async () => {
      const file = await storedFile(episode.id);
      return JSON.stringify(file?.document).includes('Welcome') && file;
    });

    const emptied = await app.bus.request(catalogRequests.updateEpisode, {
      userId: ownerId,
      episodeId: episode.id,
      input: { revision: edited.revision, chapters: [] },
    });
    await waitFor('the file removed', () => fileGone(episode.id));

    await app.bus.request(catalogRequests.updateEpisode, {
      userId: ownerId,
      episodeId: episode.id,
      input: { revision: emptied.revision, chapters },
    });
    await waitFor('the file written again', () => storedFile(episode.id));
  });

  it("a duplicate gets a file of its own, and deleting an episode removes only that episode's file", async () => {
    const { ownerId, episode } = await episodeWithChapters();
    const copy = await app.bus.request(catalogRequests.duplicateEpisode, {
      userId: ownerId,
      episodeId: episode.id,
    });
    const copyFile = await waitFor("the copy's file", () => storedFile(copy.id));
    expect(copyFile.document).toMatchObject({ title: 'Pilot (Copy)', chapters: expect.any(Array) });

    await app.bus.request(catalogRequests.deleteEpisode, { userId: ownerId, episodeId: episode.id });

    await waitFor("the original's file removed", () => fileGone(episode.id));
    expect(await storedFile(copy.id)).not.toBeNull();
  });

  it('catalog.public-chapters.get answers only for a published episode with chapters', async () => {
    const { ownerId, episode } = await episodeWithChapters();
    const ask = (episodeId: string) =>
      app.bus.request(publicChaptersRequests.getPublicChapters, { episodeId });

    await expect(ask(episode.id)).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
    await app.publishEpisode(ownerId, episode.id);
    await expect(ask(episode.id)).resolves.toEqual({ storageKey: chaptersFileKey(episode.id) });
    await expect(ask(randomUUID())).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });

    const { episode: without } = await app.podcastWithEpisode({ withMedia: true });
    await app.publishEpisode(without.ownerId, without.id);
    await expect(ask(without.id)).rejects.toMatchObject({ code: 'EPISODE_NOT_FOUND' });
  });

  it("takes the media's tagged copy as the episode's media (new key and size), without a new revision", async () => {
    const { ownerId, episode, media } = await episodeWithChapters();
    const taggedKey = `${media.storageKey.replace(/[^/]+$/, '')}episode-${episode.id}-abcd1234/episode-1.mp3`;

    await app.bus.publish({
      id: newEventId(),
      subject: mediaEvents.episodeAudioTagged.subject,
      occurredAt: new Date().toISOString(),
      payload: {
        episodeId: episode.id,
        mediaId: media.id,
        storageKey: taggedKey,
        sizeBytes: 51_234,
        taggedAt: new Date().toISOString(),
      },
    });

    const updated = await waitFor('the media copy updated', async () => {
      const current = await app.bus.request(catalogRequests.getEpisode, {
        userId: ownerId,
        episodeId: episode.id,
      });
      return current.media?.storageKey === taggedKey && current;
    });
    expect(updated.media).toMatchObject({ mediaId: media.id, sizeBytes: 51_234 });
    expect(updated.revision).toBe(episode.revision);
    const events = await app.outboxRows('catalog.episode.updated', 'episodeId', episode.id);
    expect(events.map((row) => row['payload'])).toContainEqual(
      expect.objectContaining({
        media: expect.objectContaining({ storageKey: taggedKey, sizeBytes: 51_234 }),
      }),
    );
  });
});
