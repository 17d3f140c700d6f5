import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { mediaEvents, mediaRequests, type EventEnvelope, type PayloadOf } from '@castbase/contracts';
import { startMediaTestApp, type MediaTestApp } from '../testing/media-test-app.js';

type FileStored = EventEnvelope<PayloadOf<typeof mediaEvents.fileStored>>;
const MB = 1024 * 1024;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const errorOf = (body: string) => JSON.parse(body) as { code: string; message: string };

describe('resumable uploads over tus: admitted before a byte is sent, decided by the bytes, resumable', () => {
  let media: MediaTestApp;
  let stored: FileStored[];
  let tone: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    media = await startMediaTestApp('cbtest_media_tus', { planEpisodes: 3 });
    stored = await media.collectEvents(mediaEvents.fileStored);
    // 13 minutes at 128 kbps: three 5 MB chunks.
    tone = await media.renderLongTone(800);
    png = await sharp({
      create: { width: 1400, height: 1400, channels: 3, background: { r: 20, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
  }, 120_000);

  afterAll(async () => {
    await media?.close();
  });

  const uploadRow = async (id: string) =>
    (await media.rows('select status, purpose, size_bytes from media.uploads where id = ?', [id]))[0];
  const receivedFiles = async () =>
    (await readdir(join(media.workFolder, 'uploads'))).filter((name) => !name.endsWith('.json'));

  it('takes an MP3 in 5 MB chunks and answers the last chunk with the media file, its kind found in the bytes', async () => {
    expect(tone.length).toBeGreaterThan(12 * MB);
    const file = await media.upload('owner-a', {
      input: tone,
      fileName: 'Épisode 1 (final).mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
    });

    expect(file).toMatchObject({
      ownerId: 'owner-a',
      purpose: 'episode-media',
      kind: 'audio',
      format: 'mp3',
      fileName: 'Épisode 1 (final).mp3',
      sizeBytes: tone.length,
    });
    expect(await uploadRow(file.id)).toMatchObject({ status: 'completed', purpose: 'episode-media' });
    const original = await media.storage.get(`public/media/owner-a/${file.id}/Episode-1-final.mp3`);
    const chunks: Buffer[] = [];
    for await (const chunk of original.body) chunks.push(chunk as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(tone));
    expect(await receivedFiles()).not.toContain(file.id);
    await media.allPublished(file.id);
    expect(stored.map((event) => event.payload)).toContainEqual({
      mediaId: file.id,
      ownerId: 'owner-a',
      kind: 'audio',
    });
  });

  it.each([
    [
      'notes.txt',
      'text/plain',
      100,
      'episode-media',
      422,
      'Unsupported file type. Please upload audio or video.',
    ],
    ['long.wav', 'audio/wav', 524_288_001, 'episode-media', 413, 'Audio file must be less than 500MB'],
    [
      'film.mkv',
      'video/x-matroska',
      2 * 1024 * MB + 1,
      'episode-media',
      413,
      'Video file must be less than 2GB',
    ],
    [
      'huge.png',
      'image/png',
      50 * MB + 1,
      'podcast-art',
      413,
      'Image must be less than 50MB (large images will be automatically compressed)',
    ],
    [
      'song.mp3',
      'audio/mpeg',
      1000,
      'avatar',
      422,
      'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
    ],
    [
      'film.mp4',
      'video/mp4',
      3 * 1024 * MB,
      'avatar',
      422,
      'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
    ],
  ] as const)(
    'refuses %s (%s, %d bytes) for %s before any byte with %d "%s"',
    async (fileName, fileType, size, purpose, status, message) => {
      const response = await fetch(media.uploadEndpoint, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${await media.tokenFor('owner-a')}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Length': String(size),
          'Upload-Metadata': [
            `filename ${Buffer.from(fileName).toString('base64')}`,
            `filetype ${Buffer.from(fileType).toString('base64')}`,
            `purpose ${Buffer.from(purpose).toString('base64')}`,
          ].join(','),
        },
      });
      expect(response.status).toBe(status);
      expect(errorOf(await response.text()).message).toBe(message);
      expect(response.headers.get('location')).toBeNull();
    },
  );

  it('answers HEAD of a completed upload with every byte received, so a client resuming it sends nothing', async () => {
    const finished = await media.send('owner-a', {
      input: png,
      fileName: 'done.png',
      fileType: 'image/png',
      purpose: 'avatar',
    });
    expect(finished.outcome).toBe('finished');
    const url = new URL(finished.uploadUrl ?? '', media.publicUrl).href;
    const head = await fetch(url, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${await media.tokenFor('owner-a')}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    expect([head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([
      String(png.length),
      String(png.length),
    ]);
    const others = await fetch(url, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${await media.tokenFor('owner-b')}`, 'tus-resumable': '1.0.0' },
    });
    expect(others.status).toBe(404);
  });

  it('refuses a PNG named episode.mp3 with the audio message once its bytes arrive, and keeps nothing', async () => {
    const before = await media.storedKeys('public/media/owner-a/');
    const result = await media.send('owner-a', {
      input: png,
      fileName: 'episode.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
    });
    expect(result).toMatchObject({ outcome: 'refused', status: 422 });
    expect(result.outcome === 'refused' && errorOf(result.body).message).toBe(
      'Please upload a valid audio file (MP3, WAV, M4A, AAC, FLAC, OGG)',
    );
    const id = result.outcome === 'refused' ? result.uploadUrl!.split('/').pop()! : '';
    expect(await uploadRow(id)).toMatchObject({ status: 'refused' });
    expect(await receivedFiles()).not.toContain(id);
    expect(await media.storedKeys('public/media/owner-a/')).toEqual(before);
  });

  it('refuses an MP3 renamed cover.png as podcast art with the image message', async () => {
    const result = await media.send('owner-a', {
      input: tone.subarray(0, 200_000),
      fileName: 'cover.png',
      fileType: 'image/png',
      purpose: 'podcast-art',
    });
    expect(result.outcome === 'refused' && [result.status, errorOf(result.body).message]).toEqual([
      422,
      'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
    ]);
  });

  it('resumes an upload cut half way where it stopped, and the stored bytes are the file', async () => {
    const cut = await media.send('owner-b', {
      input: tone,
      fileName: 'cut.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
      pauseAfterBytes: 5 * MB,
    });
    expect(cut.outcome).toBe('paused');
    if (cut.outcome !== 'paused') return;
    const head = await fetch(`${media.publicUrl}${new URL(cut.uploadUrl, media.publicUrl).pathname}`, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${await media.tokenFor('owner-b')}`, 'Tus-Resumable': '1.0.0' },
    });
    expect(Number(head.headers.get('upload-offset'))).toBe(cut.offset);
    expect(cut.offset).toBeGreaterThanOrEqual(5 * MB);

    const resumed = await media.send('owner-b', {
      input: tone,
      fileName: 'cut.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
      uploadUrl: cut.uploadUrl,
    });
    expect(resumed.outcome).toBe('finished');
    const file = JSON.parse(resumed.outcome === 'finished' ? resumed.body : '{}') as { id: string };
    const original = await readFile(
      join(media.workFolder, 'storage', `public/media/owner-b/${file.id}/cut.mp3`),
    ).catch(async () => {
      const object = await media.storage.get(`public/media/owner-b/${file.id}/cut.mp3`);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    expect(sha256(original)).toBe(sha256(tone));
  });

  it("answers 404 to another owner's requests on an upload, and 401 without a token", async () => {
    const cut = await media.send('owner-a', {
      input: tone,
      fileName: 'mine.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
      pauseAfterBytes: 1,
    });
    if (cut.outcome !== 'paused') throw new Error('expected a paused upload');
    const url = new URL(cut.uploadUrl, media.publicUrl).toString();
    const asOther = await fetch(url, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${await media.tokenFor('owner-z')}`, 'Tus-Resumable': '1.0.0' },
    });
    expect(asOther.status).toBe(404);
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${await media.tokenFor('owner-z')}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(cut.offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(10),
    });
    expect(patch.status).toBe(404);
    expect((await fetch(url, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(401);
  });

  it('checks that the caller may write to the podcast the file is for', async () => {
    const mine = randomUUID();
    const theirs = randomUUID();
    media.catalog.podcasts.set(mine, { ownerId: 'owner-c', artworkMediaId: null });
    media.catalog.podcasts.set(theirs, { ownerId: 'owner-d', artworkMediaId: null });
    const art = { input: png, fileName: 'art.png', fileType: 'image/png', purpose: 'podcast-art' } as const;

    expect(await media.upload('owner-c', { ...art, podcastId: mine })).toMatchObject({ podcastId: mine });
    const refused = await media.send('owner-c', { ...art, podcastId: theirs });
    expect(refused.outcome === 'refused' && [refused.status, errorOf(refused.body).code]).toEqual([
      404,
      'PODCAST_NOT_FOUND',
    ]);
  });

  it('refuses an episode upload once the plan’s episodes are used, with a clear message', async () => {
    media.catalog.episodes.set(
      'owner-e',
      [1, 2, 3].map(() => ({ id: randomUUID(), mediaId: randomUUID() })),
    );
    const refused = await media.send('owner-e', {
      input: tone.subarray(0, 100_000),
      fileName: 'four.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
    });
    expect(refused.outcome === 'refused' && [refused.status, errorOf(refused.body).message]).toEqual([
      403,
      'Your plan allows 3 episodes. Delete an episode or upgrade your plan to upload another.',
    ]);
  });

  it('takes new media for one of the caller’s own episodes when the plan’s episodes are used, and no one else’s', async () => {
    const podcastId = randomUUID();
    media.catalog.podcasts.set(podcastId, { ownerId: 'owner-r', artworkMediaId: null });
    const episodes = [1, 2, 3].map(() => ({ id: randomUUID(), mediaId: randomUUID(), podcastId }));
    media.catalog.episodes.set('owner-r', episodes);
    const replacement = (ownerId: string, episodeId: string, podcast: string = podcastId) =>
      media.send(ownerId, {
        input: tone.subarray(0, 100_000),
        fileName: 'fixed.mp3',
        fileType: 'audio/mpeg',
        purpose: 'episode-media',
        podcastId: podcast,
        episodeId,
      });

    expect((await replacement('owner-r', episodes[0]!.id)).outcome).toBe('finished');
    media.catalog.podcasts.set(randomUUID(), { ownerId: 'owner-s', artworkMediaId: null });
    for (const refused of [
      await replacement('owner-r', randomUUID()),
      await replacement('owner-s', episodes[1]!.id, [...media.catalog.podcasts.keys()].at(-1)),
    ]) {
      expect(refused.outcome === 'refused' && [refused.status, errorOf(refused.body).code]).toEqual([
        404,
        'EPISODE_NOT_FOUND',
      ]);
    }
  });

  it('sweeps an upload that received nothing for the configured time: its bytes and its row', async () => {
    const cut = await media.send('owner-f', {
      input: tone,
      fileName: 'abandoned.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
      pauseAfterBytes: 1,
    });
    if (cut.outcome !== 'paused') throw new Error('expected a paused upload');
    const id = cut.uploadUrl.split('/').pop()!;
    expect(await receivedFiles()).toContain(id);
    await media.rows(`update media.uploads set updated_at = now() - interval '25 hours' where id = ?`, [id]);

    const { ResumableUploads } = await import('./resumable-uploads.js');
    expect(await media.app.get(ResumableUploads).sweepAbandoned()).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(id)).toBeUndefined();
    expect(await receivedFiles()).not.toContain(id);
  });

  it('sweeps the row of an upload refused that long ago, and keeps a recent one', async () => {
    const refuse = () =>
      media.send('owner-f', {
        input: png,
        fileName: 'song.mp3',
        fileType: 'audio/mpeg',
        purpose: 'episode-media',
      });
    const [old, recent] = [await refuse(), await refuse()];
    if (old.outcome !== 'refused' || recent.outcome !== 'refused') throw new Error('expected refusals');
    const [oldId, recentId] = [old, recent].map((result) => result.uploadUrl!.split('/').pop()!);
    expect(await uploadRow(oldId!)).toMatchObject({ status: 'refused' });
    await media.rows(`update media.uploads set updated_at = now() - interval '25 hours' where id = ?`, [
      oldId,
    ]);

    const { ResumableUploads } = await import('./resumable-uploads.js');
    await media.app.get(ResumableUploads).sweepAbandoned();
    expect(await uploadRow(oldId!)).toBeUndefined();
    expect(await uploadRow(recentId!)).toMatchObject({ status: 'refused' });
  });

  it('terminates an upload on DELETE: its bytes and row go', async () => {
    const cut = await media.send('owner-f', {
      input: tone,
      fileName: 'cancelled.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
      pauseAfterBytes: 1,
    });
    if (cut.outcome !== 'paused') throw new Error('expected a paused upload');
    const id = cut.uploadUrl.split('/').pop()!;
    const response = await fetch(new URL(cut.uploadUrl, media.publicUrl), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${await media.tokenFor('owner-f')}`, 'Tus-Resumable': '1.0.0' },
    });
    expect(response.status).toBe(204);
    expect(await uploadRow(id)).toBeUndefined();
    expect(await receivedFiles()).not.toContain(id);
    await expect(
      media.bus.request(mediaRequests.getFile, { ownerId: 'owner-f', mediaId: id }),
    ).rejects.toMatchObject({
      code: 'MEDIA_NOT_FOUND',
    });
  });
});

describe('resumable uploads: a restart of the media service mid-upload', () => {
  it('resumes after the service restarts, with the bytes received before the restart kept', async () => {
    const first = await startMediaTestApp('cbtest_media_restart');
    const tone = await first.renderLongTone(400);
    let second: MediaTestApp | undefined;
    try {
      const cut = await first.send('owner-r', {
        input: tone,
        fileName: 'restart.mp3',
        fileType: 'audio/mpeg',
        purpose: 'episode-media',
        pauseAfterBytes: 5 * 1024 * 1024,
      });
      if (cut.outcome !== 'paused') throw new Error('expected a paused upload');
      await first.app.close();

      second = await startMediaTestApp('cbtest_media_restart', {
        workFolder: first.workFolder,
        databaseUrl: first.databaseUrl,
      });
      const path = new URL(cut.uploadUrl, first.publicUrl).pathname;
      const resumed = await second.send('owner-r', {
        input: tone,
        fileName: 'restart.mp3',
        fileType: 'audio/mpeg',
        purpose: 'episode-media',
        uploadUrl: `${second.publicUrl}${path}`,
      });
      expect(resumed.outcome).toBe('finished');
      const file = JSON.parse(resumed.outcome === 'finished' ? resumed.body : '{}') as { sizeBytes: number };
      expect(file.sizeBytes).toBe(tone.length);
    } finally {
      await second?.close();
      await first.close().catch(() => undefined);
    }
  }, 120_000);
});
