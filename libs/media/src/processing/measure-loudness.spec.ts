import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderTestAudio, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { measureLoudness, parseLoudnormJson, PODCAST_LOUDNESS_TARGET } from './measure-loudness.js';
import { fixtureFolder } from './testing/processing-fixtures.js';

const binaries = resolveFfmpegBinaries();
let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;
/** EBU Tech 3341 test 1: a 1 kHz sine at −23 dBFS reads −23 LUFS. */
const MINUS_23_DBFS = 10 ** (-23 / 20);

beforeAll(async () => {
  fixtures = await fixtureFolder('loudness');
});
afterAll(async () => {
  await fixtures.remove();
});

describe('measureLoudness', () => {
  it('reads a stereo 1 kHz sine at −23 dBFS as −23 LUFS, −23 dBTP, no loudness range', async () => {
    const path = fixtures.path('reference.wav');
    await renderTestAudio(binaries, path, 'wav', { seconds: 5, frequencyHz: 1000, amplitude: MINUS_23_DBFS });
    const loudness = await measureLoudness(path, {}, binaries);
    expect(loudness.integratedLufs).toBeCloseTo(-23, 0);
    expect(loudness.truePeakDbtp).toBeCloseTo(-23, 0);
    expect(loudness.loudnessRangeLu).toBeLessThan(1);
  });

  it('measures mono as dual mono, as loud as the same signal on both channels', async () => {
    const path = fixtures.path('mono.wav');
    await renderTestAudio(binaries, path, 'wav', {
      seconds: 5,
      frequencyHz: 1000,
      amplitude: MINUS_23_DBFS,
      channels: 1,
    });
    expect((await measureLoudness(path, {}, binaries)).integratedLufs).toBeCloseTo(-23, 0);
  });

  it('reads digital silence as −70 LUFS, the absolute gate, and reports progress to 1', async () => {
    const path = fixtures.path('silence.wav');
    await renderTestAudio(binaries, path, 'wav', { seconds: 2, signal: 'silence' });
    const fractions: number[] = [];
    const loudness = await measureLoudness(
      path,
      { onProgress: (fraction) => fractions.push(fraction) },
      binaries,
    );
    expect(loudness).toEqual({ integratedLufs: -70, truePeakDbtp: -99, loudnessRangeLu: 0 });
    expect(fractions.at(-1)).toBe(1);
  });

  it('aims at the podcast norm: −16 LUFS, −1 dBTP', () => {
    expect(PODCAST_LOUDNESS_TARGET).toEqual({ integratedLufs: -16, truePeakDbtp: -1, loudnessRangeLu: 11 });
  });
});

describe('parseLoudnormJson', () => {
  it('reads the last JSON block of stderr, numbers given as strings', () => {
    const stderr = `size=N/A time=00:00:08.00\n[Parsed_loudnorm_0 @ 0x3f83aec0] \n{\n\t"input_i" : "-34.72",\n\t"input_tp" : "-24.92",\n\t"input_lra" : "0.10",\n\t"input_thresh" : "-44.72",\n\t"output_i" : "-16.01",\n\t"target_offset" : "0.01"\n}\n`;
    expect(parseLoudnormJson(stderr)).toEqual({
      integratedLufs: -34.72,
      truePeakDbtp: -24.92,
      loudnessRangeLu: 0.1,
      thresholdLufs: -44.72,
      targetOffsetLu: 0.01,
    });
  });

  it('refuses stderr without a measurement as MEDIA_PROCESSING_FAILED', () => {
    expect(() => parseLoudnormJson('Conversion failed!')).toThrow(
      expect.objectContaining({ code: 'MEDIA_PROCESSING_FAILED' }),
    );
  });
});
