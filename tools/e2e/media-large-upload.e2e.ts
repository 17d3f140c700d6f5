import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_UPLOAD_PATH, mediaFileSchema } from '@castbase/contracts';
import { resolveFfmpegBinaries, runFfmpeg } from '@castbase/platform-ffmpeg';
import {
  createTestDatabase,
  freePort,
  tusUpload,
  waitFor,
  type TestDatabase,
} from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { createTestUser, type TestUser } from './support/api-client.js';
import { testProcessEnv } from './support/test-process-env.js';

const MB = 1024 * 1024;

/**
 * A 600 MB recording through the gateway: the connection is cut half way through one long PATCH, the whole
 * process (gateway and media service) restarts, and the upload resumes from the bytes the server kept. The file is
 * a Matroska recording with 52 minutes of PCM sound beside a 16x16 picture: 600 MB of audio alone is over the
 * spec's 500 MB audio limit, so it is a video by the rules (2 GB), which is what a creator's long recording with a
 * camera track is.
 */
describe('a 600 MB upload cut half way and resumed after a restart', () => {
  let database: TestDatabase;
  let env: NodeJS.ProcessEnv;
  let running: RunningProcess | undefined;
  let folder: string;
  let recording: string;
  let size: number;
  let alice: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase('large_upload');
    env = await testProcessEnv(database, await freePort(), 'in-process');
    running = await runAllInOne(env);
    alice = await createTestUser('alice');
    folder = await mkdtemp(join(tmpdir(), 'castbase-large-'));
    recording = join(folder, 'long recording.mkv');
    await runFfmpeg(resolveFfmpegBinaries(), [
      ...['-f', 'lavfi', '-i', 'color=c=gray:s=16x16:r=1'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000'],
      ...['-t', '3130', '-map', '0:v', '-map', '1:a'],
      ...['-c:v', 'mpeg4', '-c:a', 'pcm_s16le', '-ac', '2', '-f', 'matroska', recording],
    ]);
    size = (await stat(recording)).size;
    expect(size).toBeGreaterThan(600 * 1_000_000);
  }, 300_000);

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  const headers = () => ({ authorization: `Bearer ${alice.token}`, 'tus-resumable': '1.0.0' });
  const metadata = (values: Record<string, string>) =>
    Object.entries(values)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');

  /** One PATCH of the whole file from `offset`, its connection destroyed once `cutAfter` bytes are sent. */
  function patchUntilCut(url: string, cutAfter: number): Promise<void> {
    return new Promise((resolve) => {
      const patch = request(url, {
        method: 'PATCH',
        headers: {
          ...headers(),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(size),
        },
      });
      patch.on('error', () => resolve());
      patch.on('response', () => resolve());
      let sent = 0;
      const source = createReadStream(recording, { highWaterMark: MB });
      source.on('data', (chunk) => {
        sent += chunk.length;
        if (!patch.write(chunk)) source.pause();
        if (sent >= cutAfter) {
          source.destroy();
          patch.destroy();
        }
      });
      patch.on('drain', () => source.resume());
    });
  }

  async function offsetOf(url: string): Promise<number> {
    const head = await fetch(url, { method: 'HEAD', headers: headers() });
    expect(head.status).toBe(200);
    return Number(head.headers.get('upload-offset'));
  }

  it('keeps the bytes before the cut, survives the restart, and stores the file byte for byte', async () => {
    const created = await fetch(`${running!.url}${MEDIA_UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        ...headers(),
        'upload-length': String(size),
        'upload-metadata': metadata({
          filename: 'long recording.mkv',
          filetype: 'video/x-matroska',
          purpose: 'episode-media',
        }),
      },
    });
    expect(created.status).toBe(201);
    const uploadUrl = new URL(created.headers.get('location')!, running!.url).href;

    await patchUntilCut(uploadUrl, size / 2);
    const kept = await waitFor('the server to settle on the bytes it kept', async () => {
      const offset = await offsetOf(uploadUrl);
      return offset > 0 && offset === (await offsetOf(uploadUrl)) ? offset : undefined;
    });
    expect(kept).toBeGreaterThan(size / 4);
    expect(kept).toBeLessThan(size);

    await running!.stop();
    running = await runAllInOne(env);
    expect(await offsetOf(uploadUrl)).toBe(kept);

    const resumed = await tusUpload(`${running.url}${MEDIA_UPLOAD_PATH}`, alice.token, {
      input: recording,
      fileName: 'long recording.mkv',
      fileType: 'video/x-matroska',
      purpose: 'episode-media',
      uploadUrl,
    });
    expect(resumed.outcome).toBe('finished');
    const file = mediaFileSchema.parse(JSON.parse(resumed.outcome === 'finished' ? resumed.body : '{}'));
    expect(file).toMatchObject({ kind: 'video', format: 'mkv', sizeBytes: size, status: 'processing' });

    // The stored original, read back over HTTP, is the file; so is a range of it from the middle.
    const original = await fetch(file.url);
    expect(original.status).toBe(200);
    expect(Number(original.headers.get('content-length'))).toBe(size);
    const served = createHash('sha256');
    for await (const chunk of original.body!) served.update(chunk);
    const local = createHash('sha256');
    for await (const chunk of createReadStream(recording)) local.update(chunk as Buffer);
    expect(served.digest('hex')).toBe(local.digest('hex'));

    const start = Math.floor(size / 2) - 12_345;
    const ranged = await fetch(file.url, { headers: { range: `bytes=${start}-${start + MB - 1}` } });
    expect(ranged.status).toBe(206);
    const expected = Buffer.alloc(MB);
    const handle = await open(recording);
    await handle.read(expected, 0, MB, start);
    await handle.close();
    expect(Buffer.from(await ranged.arrayBuffer()).equals(expected)).toBe(true);
  }, 600_000);
});
