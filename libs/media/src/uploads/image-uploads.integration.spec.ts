import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IMAGE_MAX_BYTES, mediaEvents, type EventEnvelope, type PayloadOf } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

type FileStored = EventEnvelope<PayloadOf<typeof mediaEvents.fileStored>>;

const imageTypeMessage = 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)';
const imageSizeMessage = 'Image file must be less than 10MB';

describe('media service: image uploads (avatars, podcast logos), probed with ffprobe', () => {
  let media: MediaTestApp;
  let storedEvents: FileStored[];
  let png: Buffer;

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_images');
    storedEvents = await media.collectEvents(mediaEvents.fileStored);
    png = await media.renderImage('png', 400, 400);
  });

  afterAll(async () => {
    await media?.close();
  });

  /** Uploads `body` declared as `contentType` and answers the completion's refusal, with the key it was stored at. */
  async function refusedUpload(fileName: string, contentType: string, body: Buffer) {
    const ticket = await media.createUpload('owner-a', fileName, contentType, body.length, 'image');
    expect((await media.putToTicket(ticket, body)).status).toBe(200);
    const [upload] = await media.rows('select storage_key from media.uploads where id = ?', [
      ticket.uploadId,
    ]);
    const key = String(upload?.['storage_key']);
    expect(await media.storage.exists(key)).toBe(true);
    const error: unknown = await media
      .completeUpload('owner-a', ticket.uploadId)
      .catch((caught: unknown) => caught);
    const [status] = await media.rows('select status from media.uploads where id = ?', [ticket.uploadId]);
    return { error, key, status: status?.['status'] };
  }

  it('completes a PNG into an image with its width and height, no duration or bitrate, and announces it', async () => {
    const file = await media.upload('owner-a', 'avatar.png', 'image/png', png);

    expect(file).toMatchObject({
      ownerId: 'owner-a',
      kind: 'image',
      fileName: 'avatar.png',
      mimeType: 'image/png',
      sizeBytes: png.length,
      durationSeconds: 0,
      bitrate: null,
      width: 400,
      height: 400,
    });
    const served = await fetch(file.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect(
      await media.rows('select kind, width, height from media.media_files where id = ?', [file.id]),
    ).toEqual([{ kind: 'image', width: 400, height: 400 }]);
    const stored = await waitFor('media.file.stored', () =>
      storedEvents.find((event) => event.payload.mediaId === file.id),
    );
    expect(stored.payload).toEqual({ mediaId: file.id, ownerId: 'owner-a', kind: 'image' });
  });

  it.each([
    ['jpg', 'image/jpeg'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
  ] as const)('reads the width and height of a .%s uploaded as %s', async (format, contentType) => {
    const image = await media.renderImage(format, 1400, 1000);

    const file = await media.upload('owner-a', `logo.${format}`, contentType, image);

    expect(file).toMatchObject({ kind: 'image', mimeType: contentType, width: 1400, height: 1000 });
  });

  it(`refuses audio, video and other types in an image picker with '${imageTypeMessage}'`, async () => {
    for (const contentType of ['audio/mpeg', 'video/mp4', 'image/svg+xml', 'image/bmp']) {
      await expect(media.createUpload('owner-a', 'cover', contentType, 1000, 'image')).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: ['input', 'contentType'], message: imageTypeMessage })],
      });
    }
  });

  it(`refuses an image declared at 10 MB or more with '${imageSizeMessage}'`, async () => {
    await expect(
      media.createUpload('owner-a', 'huge.png', 'image/png', IMAGE_MAX_BYTES, 'image'),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ message: imageSizeMessage })],
    });
  });

  it('refuses a stored image of 10 MB or more with IMAGE_TOO_LARGE, deletes it, and lets the right file be sent again', async () => {
    const ticket = await media.createUpload('owner-a', 'cover.png', 'image/png', png.length, 'image');
    await media.putToTicket(ticket, Buffer.concat([png, Buffer.alloc(IMAGE_MAX_BYTES - png.length)]));

    await expect(media.completeUpload('owner-a', ticket.uploadId)).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: imageSizeMessage,
    });

    expect(await media.rows('select status from media.uploads where id = ?', [ticket.uploadId])).toEqual([
      { status: 'pending' },
    ]);
    await media.putToTicket(ticket, png);
    await expect(media.completeUpload('owner-a', ticket.uploadId)).resolves.toMatchObject({ width: 400 });
  });

  it(`refuses an MP3 renamed .png with IMAGE_TYPE_NOT_ALLOWED '${imageTypeMessage}' and deletes it`, async () => {
    const { error, key, status } = await refusedUpload('cover.png', 'image/png', await media.renderTone(1));

    expect(error).toMatchObject({
      code: 'IMAGE_TYPE_NOT_ALLOWED',
      message: imageTypeMessage,
      details: { reason: 'the file was declared as image/png but its content is mp3' },
    });
    expect(await media.storage.exists(key)).toBe(false);
    expect(status).toBe('failed');
  });

  it('refuses a PNG declared as a JPEG: the content must be of the declared type', async () => {
    const { error, status } = await refusedUpload('photo.jpg', 'image/jpeg', png);

    expect(error).toMatchObject({
      code: 'IMAGE_TYPE_NOT_ALLOWED',
      details: { reason: 'the file was declared as image/jpeg but its content is png_pipe' },
    });
    expect(status).toBe('failed');
  });

  it('refuses bytes that do not decode as any image with MEDIA_UNREADABLE and deletes them', async () => {
    const { error, key, status } = await refusedUpload('noise.png', 'image/png', randomBytes(50_000));

    expect(error).toMatchObject({
      code: 'MEDIA_UNREADABLE',
      details: { reason: 'ffprobe could not read the file' },
    });
    expect(await media.storage.exists(key)).toBe(false);
    expect(status).toBe('failed');
  });

  it('refuses a still image uploaded as video', async () => {
    const ticket = await media.createUpload('owner-a', 'clip.mp4', 'video/mp4', png.length);
    await media.putToTicket(ticket, png);

    await expect(media.completeUpload('owner-a', ticket.uploadId)).rejects.toMatchObject({
      code: 'MEDIA_UNREADABLE',
      details: { reason: 'the file is an image, not audio or video' },
    });
  });
});
