import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  probeMedia,
  renderTestAudio,
  renderTestVideo,
  resolveFfmpegBinaries,
} from '@castbase/platform-ffmpeg';
import {
  createShort,
  exportVideoPreset,
  renderThumbnail,
  scaledToHeight,
  trimVideo,
  verticalFrame,
} from './process-video.js';
import { fixtureFolder } from './testing/processing-fixtures.js';

const binaries = resolveFfmpegBinaries();
let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;
/** 3 seconds of 640x360 with sound. */
let small: string;
/** 2 seconds of 1920x1080 with sound, at 10 frames a second to keep encoding short. */
let fullHd: string;

beforeAll(async () => {
  fixtures = await fixtureFolder('video');
  small = fixtures.path('small.mp4');
  fullHd = fixtures.path('full-hd.mov');
  await renderTestVideo(binaries, small, 'mp4', { seconds: 3, width: 640, height: 360 });
  await renderTestVideo(binaries, fullHd, 'mov', { seconds: 2, width: 1920, height: 1080, frameRate: 10 });
});
afterAll(async () => {
  await fixtures.remove();
});

describe('renderThumbnail', () => {
  it('writes a JPEG of the frame at 1 second, at the video size', async () => {
    const thumbnail = await renderThumbnail(
      { input: small, output: fixtures.path('thumbnail.jpg') },
      binaries,
    );
    expect(thumbnail).toMatchObject({ mimeType: 'image/jpeg', width: 640, height: 360 });
    expect((await readFile(thumbnail.path)).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await probeMedia(binaries, thumbnail.path)).toMatchObject({ video: { codec: 'mjpeg' } });
  });

  it('refuses audio, which has no frame to show, as MEDIA_UNREADABLE', async () => {
    const audio = fixtures.path('tone.wav');
    await renderTestAudio(binaries, audio, 'wav', { seconds: 1 });
    await expect(
      renderThumbnail({ input: audio, output: fixtures.path('none.jpg') }, binaries),
    ).rejects.toMatchObject({ code: 'MEDIA_UNREADABLE', message: 'The file has no video in it' });
  });
});

describe('trimVideo', () => {
  it('keeps the part between start and end, re-encoded to the frame', async () => {
    const fractions: number[] = [];
    const trimmed = await trimVideo(
      {
        input: small,
        output: fixtures.path('trimmed.mp4'),
        startSeconds: 0.5,
        endSeconds: 2,
        onProgress: (fraction) => fractions.push(fraction),
      },
      binaries,
    );
    const probe = await probeMedia(binaries, trimmed.path);
    expect(probe.durationSeconds).toBeCloseTo(1.5, 1);
    expect(probe).toMatchObject({ hasAudio: true, video: { codec: 'h264', width: 640, height: 360 } });
    expect(fractions.at(-1)).toBe(1);
  });

  it('stops at the end of the video when the end asked for is beyond it', async () => {
    const trimmed = await trimVideo(
      { input: small, output: fixtures.path('to-the-end.mp4'), startSeconds: 2, endSeconds: 90 },
      binaries,
    );
    expect((await probeMedia(binaries, trimmed.path)).durationSeconds).toBeCloseTo(1, 1);
  });

  it.each([
    [2, 2],
    [2, 1],
  ])(
    'refuses a start of %i s and an end of %i s with "Trim end must be greater than trim start"',
    async (start, end) => {
      await expect(
        trimVideo(
          { input: small, output: fixtures.path('never.mp4'), startSeconds: start, endSeconds: end },
          binaries,
        ),
      ).rejects.toMatchObject({
        code: 'TRIM_RANGE_INVALID',
        message: 'Trim end must be greater than trim start',
      });
    },
  );

  it('refuses a start after the end of the video', async () => {
    await expect(
      trimVideo(
        { input: small, output: fixtures.path('never.mp4'), startSeconds: 5, endSeconds: 8 },
        binaries,
      ),
    ).rejects.toMatchObject({
      code: 'TRIM_RANGE_INVALID',
      message: 'Trim start must be before the end of the video (0:03)',
    });
  });
});

describe('exportVideoPreset', () => {
  it.each([
    ['1080p', 1920, 1080],
    ['720p', 1280, 720],
    ['540p', 960, 540],
  ] as const)('exports %s as H.264 and AAC in MP4 at %ix%i', async (preset, width, height) => {
    const exported = await exportVideoPreset(
      { input: fullHd, output: fixtures.path(`export-${preset}.mp4`), preset },
      binaries,
    );
    expect(exported).toMatchObject({ mimeType: 'video/mp4', width, height, durationSeconds: 2 });
    expect(await probeMedia(binaries, exported.path)).toMatchObject({
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      video: { codec: 'h264', width, height },
      audio: { codec: 'aac' },
    });
  });

  it('never upscales: a 360p video exported as 720p stays 640x360', async () => {
    const exported = await exportVideoPreset(
      { input: small, output: fixtures.path('export-small-720p.mp4'), preset: '720p' },
      binaries,
    );
    expect(exported).toMatchObject({ width: 640, height: 360 });
  });

  it('exports audio-only as a 128 kbps MP3 without a picture', async () => {
    const exported = await exportVideoPreset(
      { input: small, output: fixtures.path('export-audio.mp3'), preset: 'audio-only' },
      binaries,
    );
    const probe = await probeMedia(binaries, exported.path);
    expect(exported).toMatchObject({ mimeType: 'audio/mpeg', width: null, height: null, durationSeconds: 3 });
    expect(probe).toMatchObject({
      formatName: 'mp3',
      hasVideo: false,
      audio: { codec: 'mp3', bitrate: 128_000 },
    });
  });
});

describe('createShort', () => {
  it('cuts a vertical 9:16 clip from the centre, ending with the video', async () => {
    const short = await createShort(
      { input: small, output: fixtures.path('short.mp4'), startSeconds: 1, durationSeconds: 60 },
      binaries,
    );
    const probe = await probeMedia(binaries, short.path);
    expect(probe.video).toMatchObject({ width: 198, height: 352 });
    expect(probe.video!.width! * 16).toBe(probe.video!.height! * 9);
    expect(probe.durationSeconds).toBeCloseTo(2, 1);
    expect(probe.durationSeconds).toBeLessThanOrEqual(60);
    expect(probe.hasAudio).toBe(true);
  });

  it('refuses a short longer than 60 seconds, or of no length', async () => {
    await expect(
      createShort(
        { input: small, output: fixtures.path('long.mp4'), startSeconds: 0, durationSeconds: 61 },
        binaries,
      ),
    ).rejects.toMatchObject({ code: 'SHORT_RANGE_INVALID', message: 'A short is at most 60 seconds' });
    await expect(
      createShort(
        { input: small, output: fixtures.path('empty.mp4'), startSeconds: 0, durationSeconds: 0 },
        binaries,
      ),
    ).rejects.toMatchObject({ code: 'SHORT_RANGE_INVALID' });
  });
});

describe('picture sizes', () => {
  it('scales to the preset height with the aspect kept and even sides, never above the source', () => {
    expect(scaledToHeight({ width: 1920, height: 1080 }, 720)).toEqual({ width: 1280, height: 720 });
    expect(scaledToHeight({ width: 1440, height: 1080 }, 540)).toEqual({ width: 720, height: 540 });
    expect(scaledToHeight({ width: 853, height: 481 }, 1080)).toEqual({ width: 852, height: 480 });
  });

  it('frames a short at 1080x1920 from a large source, and at an exact smaller 9:16 from a small one', () => {
    expect(verticalFrame({ width: 3840, height: 2160 })).toEqual({
      crop: { width: 1214, height: 2160 },
      width: 1080,
      height: 1920,
    });
    expect(verticalFrame({ width: 1920, height: 1080 })).toMatchObject({ width: 594, height: 1056 });
    expect(verticalFrame({ width: 1080, height: 1920 })).toMatchObject({ width: 1080, height: 1920 });
  });
});
