import { stat, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderTestAudio, renderTestVideo, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { probeAudio } from './probe-audio.js';
import { ProcessingError } from './processing-error.js';
import { processingMessages } from './processing-messages.js';
import { fixtureFolder } from './testing/processing-fixtures.js';

const binaries = resolveFfmpegBinaries();
let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;

beforeAll(async () => {
  fixtures = await fixtureFolder('probe-audio');
});
afterAll(async () => {
  await fixtures.remove();
});

describe('probeAudio', () => {
  it('reads an MP3: duration, bitrate, codec, sample rate, channels and size', async () => {
    const path = fixtures.path('episode.mp3');
    await renderTestAudio(binaries, path, 'mp3', {
      seconds: 3,
      bitrateKbps: 128,
      sampleRate: 44_100,
      channels: 2,
    });
    expect(await probeAudio(path, binaries)).toEqual({
      container: 'mp3',
      codec: 'mp3',
      durationSeconds: 3,
      exactDurationSeconds: expect.closeTo(3, 1),
      bitrate: 128_000,
      sampleRate: 44_100,
      channels: 2,
      sizeBytes: (await stat(path)).size,
    });
  });

  it('reads a mono 48 kHz WAV, whose bitrate is its PCM rate', async () => {
    const path = fixtures.path('voice.wav');
    await renderTestAudio(binaries, path, 'wav', { seconds: 2, sampleRate: 48_000, channels: 1 });
    expect(await probeAudio(path, binaries)).toMatchObject({
      container: 'wav',
      codec: 'pcm_s16le',
      durationSeconds: 2,
      bitrate: 48_000 * 16,
      sampleRate: 48_000,
      channels: 1,
    });
  });

  it("takes the whole file's bitrate when the stream has none (FLAC)", async () => {
    const path = fixtures.path('master.flac');
    await renderTestAudio(binaries, path, 'flac', { seconds: 2, signal: 'noise' });
    const figures = await probeAudio(path, binaries);
    expect(figures).toMatchObject({ container: 'flac', codec: 'flac', sampleRate: 44_100, channels: 2 });
    expect(figures.bitrate).toBeGreaterThan(100_000);
  });

  it('rounds the duration to whole seconds', async () => {
    const path = fixtures.path('short.wav');
    await renderTestAudio(binaries, path, 'wav', { seconds: 2.6 });
    expect(await probeAudio(path, binaries)).toMatchObject({ durationSeconds: 3 });
  });

  it('reads the sound track of a video', async () => {
    const path = fixtures.path('clip.mp4');
    await renderTestVideo(binaries, path, 'mp4', { seconds: 1, width: 160, height: 90 });
    expect(await probeAudio(path, binaries)).toMatchObject({ codec: 'aac', channels: 2, durationSeconds: 1 });
  });

  it('refuses a file without audio, or that is not media, as MEDIA_UNREADABLE', async () => {
    const video = fixtures.path('silent.mp4');
    await renderTestVideo(binaries, video, 'mp4', { seconds: 1, width: 160, height: 90, withAudio: false });
    const text = fixtures.path('notes.mp3');
    await writeFile(text, 'not audio\n'.repeat(100));
    await expect(probeAudio(video, binaries)).rejects.toEqual(
      new ProcessingError('MEDIA_UNREADABLE', processingMessages.noAudio),
    );
    await expect(probeAudio(text, binaries)).rejects.toMatchObject({
      code: 'MEDIA_UNREADABLE',
      message: processingMessages.unreadable,
    });
  });
});
