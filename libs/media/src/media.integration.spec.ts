import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  MEDIA_MAX_BYTES,
  mediaEvents,
  mediaRequests,
  type EventEnvelope,
  type PayloadOf,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startMediaTestApp, type MediaTestApp } from './testing/media-test-app.js';

type FileStored = EventEnvelope<PayloadOf<typeof mediaEvents.fileStored>>;

describe('media service: uploads straight to storage, probed with ffprobe', () => {
  let media: MediaTestApp;
  let toneMp3: Buffer;
  let storedEvents: FileStored[];
  const probeFolders = async () =>
    (await readdir(tmpdir())).filter((name) => name.startsWith('castbase-probe-'));
  let probeFoldersBefore: string[];

  beforeAll(async () => {
    probeFoldersBefore = await probeFolders();
    media = await startMediaTestApp('cbtest_media');
    storedEvents = await media.collectEvents(mediaEvents.fileStored);
    toneMp3 = await media.renderTone(3);
  });

  afterAll(async () => {
    await media?.close();
  });

  it('hands out a ticket: a signed PUT URL valid for an hour, with the Content-Type to send', async () => {
    const before = Date.now();
    const ticket = await media.createUpload('owner-a', 'Épisode 1 (final).mp3', 'audio/mpeg', toneMp3.length);

    expect(ticket).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'audio/mpeg' } });
    expect(ticket.uploadUrl).toContain(
      `/storage/public/media/owner-a/${ticket.uploadId}/Episode-1-final.mp3?`,
    );
    const expiresAt = Date.parse(ticket.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_600_000);
    expect(
      await media.rows('select status, size_bytes, file_name from media.uploads where id = ?', [
        ticket.uploadId,
      ]),
    ).toEqual([
      { status: 'pending', size_bytes: String(toneMp3.length), file_name: 'Épisode 1 (final).mp3' },
    ]);
  });

  it('refuses an unsupported type and more than 500 MB with the messages the web app shows', async () => {
    await expect(media.createUpload('owner-a', 'notes.txt', 'text/plain', 10)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([
        expect.objectContaining({ message: 'This file type is not supported' }),
      ]),
    });
    await expect(
      media.createUpload('owner-a', 'long.wav', 'audio/wav', MEDIA_MAX_BYTES + 1),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: expect.arrayContaining([
        expect.objectContaining({ message: 'File is too large. The maximum size is 500 MB.' }),
      ]),
    });
  });

  it('completes an uploaded MP3 into an audio file with its duration, real size and type, and announces it', async () => {
    const ticket = await media.createUpload('owner-a', 'tone.mp3', 'audio/mpeg', toneMp3.length + 1000);
    expect((await media.putToTicket(ticket, toneMp3)).status).toBe(200);

    const file = await media.bus.request(mediaRequests.completeUpload, {
      ownerId: 'owner-a',
      uploadId: ticket.uploadId,
    });

    expect(file).toMatchObject({
      id: ticket.uploadId,
      ownerId: 'owner-a',
      kind: 'audio',
      fileName: 'tone.mp3',
      mimeType: 'audio/mpeg',
      sizeBytes: toneMp3.length,
      durationSeconds: 3,
    });
    expect(file.bitrate).toBeGreaterThan(100_000);
    const served = await fetch(file.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(toneMp3)).toBe(true);
    await waitFor('media.file.stored', () => storedEvents.find((event) => event.payload.mediaId === file.id));
    expect(storedEvents.find((event) => event.payload.mediaId === file.id)?.payload).toEqual({
      mediaId: file.id,
      ownerId: 'owner-a',
      kind: 'audio',
    });
  });

  it('answers the same media file when an upload is completed again, without a second event', async () => {
    const ticket = await media.createUpload('owner-a', 'twice.mp3', 'audio/mpeg', toneMp3.length);
    await media.putToTicket(ticket, toneMp3);
    const complete = () =>
      media.bus.request(mediaRequests.completeUpload, { ownerId: 'owner-a', uploadId: ticket.uploadId });

    const [first, second] = await Promise.all([complete(), complete()]);
    const third = await complete();

    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(
      await media.rows('select count(*)::int as n from media.media_files where id = ?', [first.id]),
    ).toEqual([{ n: 1 }]);
    const outbox = await media.rows(
      `select payload from media.outbox_messages where payload->>'mediaId' = ?`,
      [first.id],
    );
    expect(outbox).toHaveLength(1);
  });

  it('gets a media file for its owner, and not for anyone else', async () => {
    const ticket = await media.createUpload('owner-a', 'mine.mp3', 'audio/mpeg', toneMp3.length);
    await media.putToTicket(ticket, toneMp3);
    const file = await media.bus.request(mediaRequests.completeUpload, {
      ownerId: 'owner-a',
      uploadId: ticket.uploadId,
    });

    await expect(
      media.bus.request(mediaRequests.getFile, { ownerId: 'owner-a', mediaId: file.id }),
    ).resolves.toEqual(file);
    await expect(
      media.bus.request(mediaRequests.getFile, { ownerId: 'owner-b', mediaId: file.id }),
    ).rejects.toMatchObject({
      code: 'MEDIA_NOT_FOUND',
      message: 'Media file not found',
    });
  });

  it("refuses to complete another owner's upload with MEDIA_NOT_FOUND", async () => {
    const ticket = await media.createUpload('owner-a', 'private.mp3', 'audio/mpeg', toneMp3.length);
    await media.putToTicket(ticket, toneMp3);

    await expect(
      media.bus.request(mediaRequests.completeUpload, { ownerId: 'owner-b', uploadId: ticket.uploadId }),
    ).rejects.toMatchObject({ code: 'MEDIA_NOT_FOUND' });
    expect(await media.rows('select status from media.uploads where id = ?', [ticket.uploadId])).toEqual([
      { status: 'pending' },
    ]);
  });

  it('answers UPLOAD_FAILED "Upload failed" with the reason when no file was received', async () => {
    const ticket = await media.createUpload('owner-a', 'never-sent.mp3', 'audio/mpeg', 1000);

    await expect(
      media.bus.request(mediaRequests.completeUpload, { ownerId: 'owner-a', uploadId: ticket.uploadId }),
    ).rejects.toMatchObject({
      code: 'UPLOAD_FAILED',
      message: 'Upload failed',
      details: {
        reason:
          'No file was received for this upload. Send the file to the upload link, then complete the upload.',
      },
    });
  });

  it('refuses a text file renamed .mp3 as MEDIA_UNREADABLE and deletes it from storage', async () => {
    // Large enough that ffprobe, told the name ends in .mp3, would report an (empty) MP3 stream in it.
    const text = Buffer.from('Show notes, not audio. '.repeat(10_000));
    const ticket = await media.createUpload('owner-a', 'notes.mp3', 'audio/mpeg', text.length);
    await media.putToTicket(ticket, text);
    const [upload] = await media.rows('select storage_key from media.uploads where id = ?', [
      ticket.uploadId,
    ]);
    const key = String(upload?.['storage_key']);
    expect(await media.storage.exists(key)).toBe(true);
    const complete = () =>
      media.bus.request(mediaRequests.completeUpload, { ownerId: 'owner-a', uploadId: ticket.uploadId });

    await expect(complete()).rejects.toMatchObject({
      code: 'MEDIA_UNREADABLE',
      message: 'The file could not be read as audio, video or an image',
    });

    expect(await media.storage.exists(key)).toBe(false);
    expect(await media.rows('select status from media.uploads where id = ?', [ticket.uploadId])).toEqual([
      { status: 'failed' },
    ]);
    expect(await media.rows('select id from media.media_files where id = ?', [ticket.uploadId])).toEqual([]);
    await expect(complete()).rejects.toMatchObject({ code: 'MEDIA_UNREADABLE' });
  });

  it('leaves no temporary copies of uploads behind', async () => {
    const leftovers = (await probeFolders()).filter((name) => !probeFoldersBefore.includes(name));
    expect(leftovers).toEqual([]);
  });
});
