import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_UPLOAD_PATH, videoRenderMessages, type MediaFile } from '@castbase/contracts';
import { renderTestAudio, renderTestVideo, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { createTestDatabase, freePort, type TestDatabase } from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { createAndPublishEpisode, createPodcast, uploadFile } from './support/publish-flow.js';
import { testProcessEnv } from './support/test-process-env.js';

/** The server-sent events of `url` until the stream ends: each `event: media` parsed. */
async function readMediaEvents(url: string, token: string): Promise<MediaFile[]> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: media\n'))
    .map((block) => JSON.parse(block.slice(block.indexOf('data: ') + 6)) as MediaFile);
}

describe('media over HTTP through the gateway: uploads, progress, renders, deletion, always the caller’s own', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let alice: TestUser;
  let bob: TestUser;
  let wav: Buffer;
  const api = (user: TestUser) => new ApiClient(running.url).as(user);

  beforeAll(async () => {
    database = await createTestDatabase('media_http');
    running = await runAllInOne(await testProcessEnv(database, await freePort(), 'in-process'));
    alice = await createTestUser('alice');
    bob = await createTestUser('bob');
    const path = join(await mkdtemp(join(tmpdir(), 'castbase-media-http-')), 'talk.wav');
    await renderTestAudio(resolveFfmpegBinaries(), path, 'wav', { seconds: 5, channels: 2 });
    wav = await readFile(path);
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('pushes the processing of an upload as server-sent events until it is ready, with the figures the creator sees', async () => {
    const uploaded = await uploadFile(api(alice), {
      input: wav,
      fileName: 'talk.wav',
      fileType: 'audio/wav',
      purpose: 'episode-media',
    });
    expect(uploaded.status).toBe('processing');

    const events = await readMediaEvents(`${running.url}/api/media/${uploaded.id}/events`, alice.token);
    expect(events.length).toBeGreaterThan(0);
    const last = events.at(-1)!;
    expect(last).toMatchObject({
      id: uploaded.id,
      status: 'ready',
      durationSeconds: 5,
      mimeType: 'audio/mpeg',
    });
    expect(last.loudness).toEqual(expect.objectContaining({ integratedLufs: expect.any(Number) }));
    expect(events.slice(0, -1).every((event) => event.status === 'processing')).toBe(true);
    // A stream opened once the file is ready sends its state at once and ends.
    expect(await readMediaEvents(`${running.url}/api/media/${uploaded.id}/events`, alice.token)).toEqual([
      last,
    ]);
    expect(await api(alice).ok('GET', `/api/media/${uploaded.id}`)).toEqual(last);
  });

  it('serves the published file with ranges: 206 for a range and a suffix, 416 past the end, HEAD without a body', async () => {
    const uploaded = await uploadFile(api(alice), {
      input: wav,
      fileName: 'ranges.wav',
      fileType: 'audio/wav',
      purpose: 'episode-media',
    });
    const [file] = (
      await readMediaEvents(`${running.url}/api/media/${uploaded.id}/events`, alice.token)
    ).slice(-1);
    const whole = Buffer.from(await (await fetch(file!.url)).arrayBuffer());
    expect(whole.length).toBe(file!.sizeBytes);

    const head = await fetch(file!.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(whole.length));
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect(head.headers.get('cache-control')).toMatch(/immutable/);
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const range = await fetch(file!.url, { headers: { range: 'bytes=100-1099' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 100-1099/${whole.length}`);
    expect(Buffer.from(await range.arrayBuffer()).equals(whole.subarray(100, 1100))).toBe(true);
    const suffix = await fetch(file!.url, { headers: { range: 'bytes=-500' } });
    expect(suffix.status).toBe(206);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(whole.subarray(whole.length - 500))).toBe(true);
    const past = await fetch(file!.url, { headers: { range: `bytes=${whole.length + 10}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });

  it("answers 404 for another creator's file, upload, stream, render and retry, and leaves the file alone", async () => {
    const file = await uploadFile(api(alice), {
      input: wav,
      fileName: 'private.wav',
      fileType: 'audio/wav',
      purpose: 'episode-media',
    });
    const asBob = api(bob);
    expect((await asBob.call('GET', `/api/media/${file.id}`)).status).toBe(404);
    expect((await asBob.call('GET', `/api/media/${file.id}/events`)).status).toBe(404);
    expect((await asBob.call('DELETE', `/api/media/${file.id}`)).status).toBe(404);
    expect(
      (await asBob.call('POST', `/api/media/${file.id}/renders`, { operation: 'export', preset: '720p' }))
        .status,
    ).toBe(404);
    expect((await asBob.call('POST', `/api/media/${file.id}/jobs/${randomUUID()}/retry`)).status).toBe(404);
    expect((await asBob.call('GET', '/api/media/not-an-id')).status).toBe(400);
    expect((await api(alice).call('GET', `/api/media/${file.id}`)).status).toBe(200);
  });

  it('pushes a render of a video as server-sent events until its output is there', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'castbase-media-http-')), 'clip.mp4');
    // Long enough that its 720p export is still under way when the stream opens, a few milliseconds after.
    await renderTestVideo(resolveFfmpegBinaries(), path, 'mp4', { seconds: 8, width: 1280, height: 720 });
    const uploaded = await uploadFile(api(alice), {
      input: path,
      fileName: 'clip.mp4',
      fileType: 'video/mp4',
      purpose: 'episode-media',
    });
    const ready = await readMediaEvents(`${running.url}/api/media/${uploaded.id}/events`, alice.token);
    expect(ready.at(-1)).toMatchObject({ status: 'ready', kind: 'video' });

    const job = await api(alice).ok<{ id: string }>('POST', `/api/media/${uploaded.id}/renders`, {
      operation: 'export',
      preset: '720p',
    });
    const events = await readMediaEvents(`${running.url}/api/media/${uploaded.id}/events`, alice.token);
    const jobIn = (event: MediaFile) => event.jobs.find((candidate) => candidate.id === job.id);
    expect(['queued', 'running']).toContain(jobIn(events[0]!)?.status);
    expect(jobIn(events.at(-1)!)?.status).toBe('succeeded');
    expect(events.at(-1)!.outputs.some((output) => output.jobId === job.id)).toBe(true);
  });

  it('refuses a render of audio, and a trim that ends before it starts, with the spec’s message', async () => {
    const file = await uploadFile(api(alice), {
      input: wav,
      fileName: 'not-a-video.wav',
      fileType: 'audio/wav',
      purpose: 'episode-media',
    });
    const trim = await api(alice).call('POST', `/api/media/${file.id}/renders`, {
      operation: 'trim',
      startSeconds: 4,
      endSeconds: 2,
    });
    expect(trim.status).toBe(400);
    expect(JSON.stringify(trim.body)).toContain('Trim end must be greater than trim start');
    const exportAudio = await api(alice).call('POST', `/api/media/${file.id}/renders`, {
      operation: 'export',
      preset: '720p',
    });
    expect(exportAudio.status).toBe(400);
    expect(exportAudio.body).toMatchObject({ message: videoRenderMessages.notVideo });
  });

  it('refuses an upload before any byte with the spec’s message, and keeps a file an episode uses', async () => {
    const refused = await fetch(`${running.url}${MEDIA_UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(600 * 1024 * 1024),
        'upload-metadata': [
          `filename ${Buffer.from('long.mp3').toString('base64')}`,
          `filetype ${Buffer.from('audio/mpeg').toString('base64')}`,
          `purpose ${Buffer.from('episode-media').toString('base64')}`,
        ].join(','),
      },
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toMatchObject({ message: 'Audio file must be less than 500MB' });

    const creator = api(alice);
    const podcast = await createPodcast(creator, 'Kept Files');
    const file = await uploadFile(creator, {
      input: wav,
      fileName: 'used.wav',
      fileType: 'audio/wav',
      purpose: 'episode-media',
      podcastId: podcast.id,
    });
    await createAndPublishEpisode(creator, podcast, file, 'Uses the file');
    const inUse = await creator.call('DELETE', `/api/media/${file.id}`);
    expect(inUse.status).toBe(409);
    expect((await creator.call('GET', `/api/media/${file.id}`)).status).toBe(200);
  });
});
