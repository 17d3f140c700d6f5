import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { catalogEvents, type EventDefinition, type MediaFile, type PayloadOf } from '@castbase/contracts';
import { newEventId } from '@castbase/platform-messaging';
import { waitFor } from '@castbase/platform-testing';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

describe('media service: deleting the files the catalog releases when an episode or a podcast is deleted', () => {
  let media: MediaTestApp;
  let png: Buffer;

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_release');
    png = await media.renderImage('png', 400, 400);
  });

  afterAll(async () => {
    await media?.close();
  });

  /** A processed file of `uploaderId`, with the storage folder holding its original and outputs. */
  async function storedFile(uploaderId: string): Promise<{ file: MediaFile; folder: string }> {
    const uploaded = await media.upload(uploaderId, {
      input: png,
      fileName: `${randomUUID()}.png`,
      fileType: 'image/png',
      purpose: 'avatar',
    });
    const file = await media.processed(uploaderId, uploaded.id);
    const [row] = await media.rows('select original_key from media.media_files where id = ?', [file.id]);
    const key = String(row?.['original_key']);
    return { file, folder: key.slice(0, key.lastIndexOf('/') + 1) };
  }

  const envelopeOf = <D extends EventDefinition>(definition: D, payload: PayloadOf<D>) => {
    const now = new Date();
    return {
      id: newEventId(now.getTime()),
      subject: definition.subject,
      occurredAt: now.toISOString(),
      payload,
    };
  };
  const processed = (eventId: string) =>
    waitFor(`event ${eventId} to be processed`, async () => {
      const rows = await media.rows('select 1 from media.processed_events where event_id = ?', [eventId]);
      return rows.length === 1;
    });
  const fileRows = (mediaId: string) =>
    media.rows('select id from media.media_files where id = ?', [mediaId]);
  const episodeDeleted = (releasedMediaIds: string[]) =>
    envelopeOf(catalogEvents.episodeDeleted, {
      episodeId: randomUUID(),
      podcastId: randomUUID(),
      ownerId: 'owner-a',
      releasedMediaIds,
    });

  it("deletes a deleted episode's released files, whoever uploaded them, with every stored object", async () => {
    const ownersFile = await storedFile('owner-a');
    const editorsFile = await storedFile('editor-b');
    const kept = await storedFile('owner-a');
    expect((await media.storedKeys(ownersFile.folder)).length).toBeGreaterThan(1);

    const event = episodeDeleted([ownersFile.file.id, editorsFile.file.id]);
    await media.bus.publish(event);
    await processed(event.id);

    for (const { file, folder } of [ownersFile, editorsFile]) {
      expect(await fileRows(file.id)).toEqual([]);
      expect(await media.rows('select id from media.uploads where id = ?', [file.id])).toEqual([]);
      expect(await media.storedKeys(folder)).toEqual([]);
    }
    expect(await fileRows(kept.file.id)).toHaveLength(1);
    expect((await media.storedKeys(kept.folder)).length).toBeGreaterThan(1);
  });

  it("deletes a deleted podcast's released files", async () => {
    const artwork = await storedFile('owner-a');

    const event = envelopeOf(catalogEvents.podcastDeleted, {
      podcastId: randomUUID(),
      releasedMediaIds: [artwork.file.id],
    });
    await media.bus.publish(event);
    await processed(event.id);

    expect(await fileRows(artwork.file.id)).toEqual([]);
    expect(await media.storedKeys(artwork.folder)).toEqual([]);
  });

  it('is done with files already gone, and with an event delivered again', async () => {
    const { file } = await storedFile('owner-a');
    const event = episodeDeleted([file.id, randomUUID()]);

    await media.bus.publish(event);
    await processed(event.id);
    await media.bus.publish(event);
    const again = episodeDeleted([file.id]);
    await media.bus.publish(again);
    await processed(again.id);

    expect(await fileRows(file.id)).toEqual([]);
  });

  it('touches nothing for an event that releases no media', async () => {
    const { file, folder } = await storedFile('owner-a');

    const event = episodeDeleted([]);
    await media.bus.publish(event);
    await processed(event.id);

    expect(await fileRows(file.id)).toHaveLength(1);
    expect((await media.storedKeys(folder)).length).toBeGreaterThan(1);
  });
});
