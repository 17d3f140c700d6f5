import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { mediaEvents, mediaRequests, type EventEnvelope, type PayloadOf } from '@castbase/contracts';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

type FileProcessed = EventEnvelope<PayloadOf<typeof mediaEvents.fileProcessed>>;

const INVALID = 'Invalid file type. Please upload VTT, SRT, JSON, or TXT files.';
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ana>Bienvenidos a Signal Hour.\n';
const SRT = '1\n00:00:00,000 --> 00:00:04,000\nWelcome to Signal Hour.\n';
const JSON_TRANSCRIPT = JSON.stringify({
  version: '1.0.0',
  segments: [{ speaker: 'Ana', startTime: 0, endTime: 4, body: 'Welcome to Signal Hour.' }],
});
const errorOf = (body: string) => JSON.parse(body) as { code: string; message: string };

describe('transcript uploads: VTT, SRT, JSON and TXT files, known by their content and stored as they are', () => {
  let media: MediaTestApp;
  let processed: FileProcessed[];

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_transcripts');
    processed = await media.collectEvents(mediaEvents.fileProcessed);
  }, 120_000);

  afterAll(async () => {
    await media?.close();
  });

  it.each([
    ['captions.vtt', 'text/vtt', VTT, 'vtt', 'text/vtt'],
    ['captions.srt', '', SRT, 'srt', 'application/x-subrip'],
    ['transcript.json', 'application/json', JSON_TRANSCRIPT, 'json', 'application/json'],
    ['transcript.txt', 'text/plain', 'Ana: Welcome to Signal Hour.\n', 'txt', 'text/plain'],
  ])(
    'stores %s as it is, ready at once, served as %s',
    async (fileName, fileType, content, format, mimeType) => {
      const file = await media.upload('owner-a', {
        input: Buffer.from(content),
        fileName,
        fileType,
        purpose: 'transcript',
      });
      expect(file).toMatchObject({
        purpose: 'transcript',
        kind: 'text',
        format,
        mimeType,
        status: 'ready',
        jobs: [],
        outputs: [],
        sizeBytes: Buffer.byteLength(content),
      });
      const served = await fetch(file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe(`${mimeType}; charset=utf-8`);
      expect(await served.text()).toBe(content);
      await media.allPublished(file.id);
      expect(processed.map((event) => event.payload)).toContainEqual({
        mediaId: file.id,
        ownerId: 'owner-a',
        kind: 'text',
        status: 'ready',
      });
    },
  );

  it('goes by the content, not the name: a WebVTT file named notes.txt is VTT', async () => {
    const file = await media.upload('owner-a', {
      input: Buffer.from(VTT),
      fileName: 'notes.txt',
      fileType: 'text/plain',
      purpose: 'transcript',
    });
    expect(file).toMatchObject({ format: 'vtt', mimeType: 'text/vtt' });
  });

  it(`refuses a PNG renamed captions.vtt once its bytes arrive with '${INVALID}', and keeps nothing`, async () => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 20, b: 20 } },
    })
      .png()
      .toBuffer();
    const before = await media.storedKeys('public/media/owner-b/');
    const result = await media.send('owner-b', {
      input: png,
      fileName: 'captions.vtt',
      fileType: 'text/vtt',
      purpose: 'transcript',
    });
    expect(result.outcome === 'refused' && [result.status, errorOf(result.body).message]).toEqual([
      422,
      INVALID,
    ]);
    expect(await media.storedKeys('public/media/owner-b/')).toEqual(before);
  });

  it('refuses UTF-16 text, which is not a transcript as podcast apps read them', async () => {
    const result = await media.send('owner-b', {
      input: Buffer.from(`\uFEFF${VTT}`, 'utf16le'),
      fileName: 'captions.vtt',
      fileType: 'text/vtt',
      purpose: 'transcript',
    });
    expect(result.outcome === 'refused' && errorOf(result.body).message).toBe(INVALID);
  });

  it.each([
    ['cover.png', 'image/png', 1000, 422, INVALID],
    ['captions.vtt', 'text/vtt', 20 * 1024 * 1024 + 1, 413, 'Transcript file must be less than 20MB'],
  ])(
    'refuses %s (%s, %d bytes) before any byte with %d "%s"',
    async (fileName, fileType, size, status, message) => {
      const response = await fetch(media.uploadEndpoint, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${await media.tokenFor('owner-a')}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(size),
          'Upload-Metadata': [
            `filename ${Buffer.from(fileName).toString('base64')}`,
            `filetype ${Buffer.from(fileType).toString('base64')}`,
            `purpose ${Buffer.from('transcript').toString('base64')}`,
          ].join(','),
        },
      });
      expect(response.status).toBe(status);
      expect(errorOf(await response.text()).message).toBe(message);
    },
  );

  it('deletes a transcript on request, its stored object with it', async () => {
    const file = await media.upload('owner-c', {
      input: Buffer.from(SRT),
      fileName: 'captions.srt',
      fileType: 'application/x-subrip',
      purpose: 'transcript',
    });
    expect(await media.storedKeys(`public/media/owner-c/${file.id}/`)).toHaveLength(1);
    expect(
      await media.bus.request(mediaRequests.deleteFile, { ownerId: 'owner-c', mediaId: file.id }),
    ).toEqual({
      deleted: true,
    });
    expect(await media.storedKeys(`public/media/owner-c/${file.id}/`)).toEqual([]);
  });
});
