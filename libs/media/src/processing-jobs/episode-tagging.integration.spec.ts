import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseFile } from 'music-metadata';
import {
  catalogEvents,
  mediaEvents,
  mediaRequests,
  type Chapter,
  type EventEnvelope,
  type MediaFile,
  type PayloadOf,
  type StoredEpisodeMedia,
} from '@castbase/contracts';
import { newEventId } from '@castbase/platform-messaging';
import { waitFor } from '@castbase/platform-testing';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

/**
 * The tagging job as the catalog's events drive it, on real files: which saves queue a run, what each episode's own
 * tagged copy holds, and which chapter images reach the MP3.
 */
describe('tag-episode-audio: each episode its own tagged copy of the published MP3', () => {
  let media: MediaTestApp;
  const owner = 'owner-tagging';
  const stranger = 'owner-elsewhere';
  const podcastId = randomUUID();
  let audio: MediaFile;
  let ourImage: MediaFile;
  let strangersImage: MediaFile;
  let tagged: Array<EventEnvelope<PayloadOf<typeof mediaEvents.episodeAudioTagged>>>;

  const storedMedia = (file: MediaFile): StoredEpisodeMedia => ({
    mediaId: file.id,
    fileName: file.fileName,
    mimeType: file.mimeType,
    sizeBytes: file.sizeBytes,
    durationSeconds: file.durationSeconds,
    storageKey: file.storageKey,
  });

  /** What the catalog tells when an episode is saved. */
  const saved = (episodeId: string, title: string, chapters: Chapter[]) =>
    media.bus.publish({
      id: newEventId(),
      subject: catalogEvents.episodeUpdated.subject,
      occurredAt: new Date().toISOString(),
      payload: {
        episodeId,
        podcastId,
        ownerId: owner,
        status: 'published',
        title,
        chapters,
        media: storedMedia(audio),
      },
    });
  const tagJobs = async (episodeId: string) =>
    (await media.bus.request(mediaRequests.getFile, { ownerId: owner, mediaId: audio.id })).jobs.filter(
      (job) => job.type === 'tag-episode-audio' && job.params?.['episodeId'] === episodeId,
    );
  const taggedFor = (episodeId: string, count: number) =>
    waitFor(`${count} tagging(s) of ${episodeId}`, () => {
      const events = tagged.filter((event) => event.payload.episodeId === episodeId);
      return events.length >= count && events[count - 1]!.payload;
    });
  async function readBack(storageKey: string) {
    const path = join(media.workFolder, `${randomUUID()}.mp3`);
    const response = await fetch(media.storage.publicUrl(storageKey));
    await writeFile(path, Buffer.from(await response.arrayBuffer()));
    return parseFile(path, { includeChapters: true });
  }

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_tagging');
    tagged = await media.collectEvents(mediaEvents.episodeAudioTagged);
    const tone = join(media.workFolder, 'tone.mp3');
    await writeFile(tone, await media.renderTone(10));
    audio = await media.processed(
      owner,
      (
        await media.upload(owner, {
          input: tone,
          fileName: 'show.mp3',
          fileType: 'audio/mpeg',
          purpose: 'episode-media',
        })
      ).id,
    );
    const image = async (who: string) =>
      media.processed(
        who,
        (
          await media.upload(who, {
            input: await media.renderImage('png', 300, 300),
            fileName: 'chapter.png',
            fileType: 'image/png',
            purpose: 'chapter-image',
          })
        ).id,
      );
    ourImage = await image(owner);
    strangersImage = await image(stranger);
  });
  afterAll(async () => {
    await media?.close();
  });

  it("writes the title and chapters into the episode's copy, embedding only images of our own storage and of this podcast's people", async () => {
    const episodeId = randomUUID();
    await saved(episodeId, 'Episode One', [
      { id: 'a', startTime: 0, title: 'Ours', image: ourImage.url, toc: true },
      { id: 'b', startTime: 3, title: "A stranger's", image: strangersImage.url, toc: true },
      { id: 'c', startTime: 6, title: 'Elsewhere', image: 'http://127.0.0.1:9/chapter.png', toc: true },
    ]);

    const event = await taggedFor(episodeId, 1);
    expect(event).toMatchObject({ mediaId: audio.id, sizeBytes: expect.any(Number) });
    expect(event.storageKey).not.toBe(audio.storageKey);
    const { common, format } = await readBack(event.storageKey);
    expect(common.title).toBe('Episode One');
    expect(format.chapters?.map((chapter) => [chapter.title, Boolean(chapter.image)])).toEqual([
      ['Ours', true],
      ["A stranger's", false],
      ['Elsewhere', false],
    ]);
    const file = await media.bus.request(mediaRequests.getFile, { ownerId: owner, mediaId: audio.id });
    expect(file.outputs.find((output) => output.role === `episode-${episodeId}`)?.sizeBytes).toBe(
      event.sizeBytes,
    );
    // The file's own published MP3 stays what it was.
    expect(file.storageKey).toBe(audio.storageKey);
  });

  it('queues nothing for a save that changes neither the title nor the chapters, and re-tags at a new key when one changes', async () => {
    const episodeId = randomUUID();
    const chapters: Chapter[] = [{ id: 'a', startTime: 0, title: 'Only', toc: true }];
    await saved(episodeId, 'Same', chapters);
    const first = await taggedFor(episodeId, 1);
    await waitFor(
      'the first run to succeed',
      async () => (await tagJobs(episodeId))[0]?.status === 'succeeded',
    );

    await saved(episodeId, 'Same', chapters);
    await saved(episodeId, 'Same', [{ ...chapters[0]!, title: 'Renamed' }]);
    const second = await taggedFor(episodeId, 2);

    expect(await tagJobs(episodeId)).toHaveLength(2);
    expect(second.storageKey).not.toBe(first.storageKey);
    expect((await readBack(second.storageKey)).format.chapters?.[0]?.title).toBe('Renamed');
    // The copy it replaced is gone; the other episode's copies are not touched.
    expect((await fetch(media.storage.publicUrl(first.storageKey))).status).toBe(404);
  });

  it('queues one tagging for the events of one publication handled at once (updated and published)', async () => {
    const episodeId = randomUUID();
    const occurredAt = new Date().toISOString();
    const fact = {
      episodeId,
      podcastId,
      ownerId: owner,
      title: 'Both',
      chapters: [],
      media: storedMedia(audio),
    };
    const events = [
      { subject: catalogEvents.episodeUpdated.subject, payload: { ...fact, status: 'published' } },
      { subject: catalogEvents.episodePublished.subject, payload: { ...fact, publishedAt: occurredAt } },
    ].map((event) => ({ ...event, id: newEventId(), occurredAt }));
    await Promise.all(events.map((event) => media.bus.publish(event)));
    await waitFor('media to handle both events', async () => {
      const handled = await media.rows('select 1 from media.processed_events where event_id in (?, ?)', [
        events[0]!.id,
        events[1]!.id,
      ]);
      return handled.length === 2;
    });
    expect(await tagJobs(episodeId)).toHaveLength(1);
  });

  it("gives a duplicate (another episode of the same file) a copy of its own, and tags nothing for a file that isn't a ready MP3", async () => {
    const original = randomUUID();
    const copy = randomUUID();
    const chapters: Chapter[] = [{ id: 'a', startTime: 0, title: 'Shared', toc: true }];
    await saved(original, 'Original', chapters);
    await saved(copy, 'Original (Copy)', chapters);
    const [one, two] = [await taggedFor(original, 1), await taggedFor(copy, 1)];
    expect(one.storageKey).not.toBe(two.storageKey);
    expect((await readBack(two.storageKey)).common.title).toBe('Original (Copy)');

    const imageEpisode = randomUUID();
    const eventId = newEventId();
    await media.bus.publish({
      id: eventId,
      subject: catalogEvents.episodeUpdated.subject,
      occurredAt: new Date().toISOString(),
      payload: {
        episodeId: imageEpisode,
        podcastId,
        ownerId: owner,
        status: 'draft',
        title: 'Not audio',
        chapters,
        media: storedMedia(ourImage),
      },
    });
    await waitFor('media to have handled the save', async () => {
      const handled = await media.rows('select 1 from media.processed_events where event_id = ?', [eventId]);
      return handled.length > 0;
    });
    const jobs = await media.rows(`select 1 from media.processing_jobs where params->>'episodeId' = ?`, [
      imageEpisode,
    ]);
    expect(jobs).toHaveLength(0);
  });

  it("drops a deleted episode's tagged copy and its jobs, leaving the file another episode plays", async () => {
    const deleted = randomUUID();
    const kept = randomUUID();
    const chapters: Chapter[] = [{ id: 'a', startTime: 0, title: 'Gone soon', toc: true }];
    await saved(deleted, 'Deleted', chapters);
    await saved(kept, 'Kept', chapters);
    const [gone, stays] = [await taggedFor(deleted, 1), await taggedFor(kept, 1)];

    await media.bus.publish({
      id: newEventId(),
      subject: catalogEvents.episodeDeleted.subject,
      occurredAt: new Date().toISOString(),
      payload: { episodeId: deleted, podcastId, ownerId: owner, releasedMediaIds: [] },
    });

    await waitFor(
      'the copy deleted',
      async () => (await fetch(media.storage.publicUrl(gone.storageKey))).status === 404,
    );
    await waitFor('its jobs deleted', async () => (await tagJobs(deleted)).length === 0);
    const file = await media.bus.request(mediaRequests.getFile, { ownerId: owner, mediaId: audio.id });
    expect(file.outputs.some((output) => output.role === `episode-${deleted}`)).toBe(false);
    expect((await fetch(media.storage.publicUrl(stays.storageKey))).status).toBe(200);
    expect((await fetch(media.storage.publicUrl(audio.storageKey))).status).toBe(200);
  });
});
