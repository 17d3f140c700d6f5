import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resolveFfmpegBinaries } from './binaries.js';
import { probeMedia } from './probe.js';
import { renderTestAudio, renderTestVideo, type TestAudioContainer } from './render-test-media.js';

const binaries = resolveFfmpegBinaries();

describe('test media renderers', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'castbase-test-media-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it.each<[TestAudioContainer, string, string]>([
    ['wav', 'wav', 'pcm_s16le'],
    ['flac', 'flac', 'flac'],
    ['ogg', 'ogg', 'vorbis'],
    ['m4a', 'mov,mp4,m4a,3gp,3g2,mj2', 'aac'],
    ['aac', 'aac', 'aac'],
    ['mp3-bare', 'mp3', 'mp3'],
    ['webm-audio', 'matroska,webm', 'opus'],
  ])('renders %s audio that ffprobe reads as %s with %s', async (container, formatName, codec) => {
    const path = join(folder, `tone-${container}`);
    await renderTestAudio(binaries, path, container, { seconds: 1, sampleRate: 48_000, channels: 1 });
    const probe = await probeMedia(binaries, path);
    expect(probe).toMatchObject({
      formatName,
      hasVideo: false,
      audio: { codec, sampleRate: 48_000, channels: 1 },
    });
    expect(probe.durationSeconds).toBeCloseTo(1, 0);
  });

  it('renders a video with a sound track at the size asked for', async () => {
    const path = join(folder, 'clip.mp4');
    await renderTestVideo(binaries, path, 'mp4', { seconds: 1, width: 320, height: 180 });
    const probe = await probeMedia(binaries, path);
    expect(probe).toMatchObject({
      hasAudio: true,
      video: { codec: 'h264', width: 320, height: 180 },
      audio: { codec: 'aac', channels: 2 },
      hasCoverArt: false,
    });
  });
});
