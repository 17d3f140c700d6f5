import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  catalogEvents,
  mediaEvents,
  mediaRequests,
  remoteImportEvents,
  remoteImportRequests,
  type Chapter,
  type EventEnvelope,
  type PayloadOf,
  type StoredEpisodeMedia,
} from '@castbase/contracts';
import { newEventId } from '@castbase/platform-messaging';
import { waitFor } from '@castbase/platform-testing';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

/**
 * An episode's file copied from another host by the feed import is published as the old host served it: no tagged
 * copy of its own at import, one as soon as the creator changes its title, chapters or file.
 */
describe('tagging an imported episode’s file', () => {
  let media: MediaTestApp;
  const owner = 'owner-imported-tags';
  const podcastId = randomUUID();
  let oldHostUrl: string;
  let finished: Array<EventEnvelope<PayloadOf<typeof remoteImportEvents.finished>>>;
  let tagged: Array<EventEnvelope<PayloadOf<typeof mediaEvents.episodeAudioTagged>>>;

  /** A catalog event about the episode, once media has handled it. */
  async function told(
    definition: typeof catalogEvents.episodeUpdated | typeof catalogEvents.episodePublished,
    episodeId: string,
    title: string,
    chapters: Chapter[],
    stored: StoredEpisodeMedia,
  ): Promise<void> {
    const id = newEventId();
    const occurredAt = new Date().toISOString();
    const fact = { episodeId, podcastId, ownerId: owner, title, chapters, media: stored };
    await media.bus.publish({
      id,
      subject: definition.subject,
      occurredAt,
      payload:
        definition === catalogEvents.episodePublished
          ? { ...fact, publishedAt: occurredAt }
          : { ...fact, status: 'published' },
    });
    await waitFor(`media to handle ${definition.subject}`, async () => {
      const handled = await media.rows('select 1 from media.processed_events where event_id = ?', [id]);
      return handled.length > 0;
    });
  }
  const tagJobs = async (mediaId: string, episodeId: string) =>
    (await media.bus.request(mediaRequests.getFile, { ownerId: owner, mediaId })).jobs.filter(
      (job) => job.type === 'tag-episode-audio' && job.params?.['episodeId'] === episodeId,
    );

  /** Copies the old host's MP3 for `episodeId` as the import does, and answers the episode's media. */
  async function imported(episodeId: string): Promise<StoredEpisodeMedia> {
    await media.bus.request(remoteImportRequests.queue, {
      ownerId: owner,
      podcastId,
      files: [{ targetId: episodeId, purpose: 'episode-media', url: oldHostUrl }],
    });
    const event = await waitFor(`the copy for ${episodeId}`, () =>
      finished.find((envelope) => envelope.payload.targetId === episodeId),
    );
    expect(event.payload.status).toBe('ready');
    return event.payload.media!;
  }

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_imported_tags', { allowPrivateFetches: true });
    finished = await media.collectEvents(remoteImportEvents.finished);
    tagged = await media.collectEvents(mediaEvents.episodeAudioTagged);
    // The old host: an MP3 served over HTTP from this machine (media's own storage stands in for it).
    const tone = join(media.workFolder, 'old-host.mp3');
    await writeFile(tone, await media.renderTone(6));
    const upload = await media.upload('old-host', {
      input: tone,
      fileName: 'old-host.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
    });
    oldHostUrl = (await media.processed('old-host', upload.id)).url!;
  });
  afterAll(async () => {
    await media?.close();
  });

  it('tags nothing when the import publishes the episode, and makes its own tagged copy once the title changes', async () => {
    const episodeId = randomUUID();
    const stored = await imported(episodeId);
    const chapters: Chapter[] = [{ id: 'a', startTime: 0, title: 'Opening', toc: true }];

    // The import's publication (updated, then published), and a later save of the description.
    await Promise.all([
      told(catalogEvents.episodeUpdated, episodeId, 'Old title', chapters, stored),
      told(catalogEvents.episodePublished, episodeId, 'Old title', chapters, stored),
    ]);
    await told(catalogEvents.episodeUpdated, episodeId, 'Old title', chapters, stored);
    expect(await tagJobs(stored.mediaId, episodeId)).toEqual([]);

    await told(catalogEvents.episodeUpdated, episodeId, 'New title', chapters, stored);
    const event = await waitFor('the tagged copy', () =>
      tagged.find((envelope) => envelope.payload.episodeId === episodeId),
    );
    expect(event.payload).toMatchObject({ mediaId: stored.mediaId });
    expect(event.payload.storageKey).not.toBe(stored.storageKey);
    expect((await tagJobs(stored.mediaId, episodeId)).map((job) => job.params?.['title'])).toEqual([
      'New title',
    ]);
  });

  it('re-tags an imported file when its chapters change, and tags another episode playing it (a duplicate) at once', async () => {
    const episodeId = randomUUID();
    const stored = await imported(episodeId);
    await told(catalogEvents.episodePublished, episodeId, 'Imported', [], stored);
    expect(await tagJobs(stored.mediaId, episodeId)).toEqual([]);

    const duplicate = randomUUID();
    await told(catalogEvents.episodeUpdated, duplicate, 'Imported (Copy)', [], stored);
    await told(
      catalogEvents.episodeUpdated,
      episodeId,
      'Imported',
      [{ id: 'a', startTime: 1, title: 'New', toc: true }],
      stored,
    );
    await waitFor('both tagged copies', () =>
      [episodeId, duplicate].every((id) => tagged.some((envelope) => envelope.payload.episodeId === id)),
    );
    expect(await tagJobs(stored.mediaId, duplicate)).toHaveLength(1);
    expect(await tagJobs(stored.mediaId, episodeId)).toHaveLength(1);
  });
});
