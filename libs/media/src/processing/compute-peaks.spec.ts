import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { renderTestAudio, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { computePeaks, PeakReducer, peaksSamplesPerPixel } from './compute-peaks.js';
import { fixtureFolder } from './testing/processing-fixtures.js';

const binaries = resolveFfmpegBinaries();
let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;

beforeAll(async () => {
  fixtures = await fixtureFolder('peaks');
});
afterAll(async () => {
  await fixtures.remove();
});

function pairs(data: number[]): Array<[number, number]> {
  return Array.from({ length: data.length / 2 }, (_, index) => [data[2 * index]!, data[2 * index + 1]!]);
}

describe('computePeaks', () => {
  it('gives a full-scale tone peaks near ±128, in the audiowaveform JSON format', async () => {
    const path = fixtures.path('tone.wav');
    await renderTestAudio(binaries, path, 'wav', { seconds: 3, amplitude: 1 });
    const peaks = await computePeaks(path, {}, binaries);
    expect(peaks).toMatchObject({
      version: 2,
      channels: 1,
      sample_rate: 16_000,
      samples_per_pixel: 800,
      bits: 8,
    });
    expect(peaks.data).toHaveLength(peaks.length * 2);
    for (const [min, max] of pairs(peaks.data)) {
      expect(min).toBeLessThanOrEqual(-120);
      expect(max).toBeGreaterThanOrEqual(120);
    }
  });

  it('has 20 points a second: a 3-second file gives 60', async () => {
    const path = fixtures.path('three-seconds.flac');
    await renderTestAudio(binaries, path, 'flac', { seconds: 3 });
    const peaks = await computePeaks(path, {}, binaries);
    expect(peaks.length).toBe(3 * 20);
  });

  it('gives silence peaks of 0, and a half-scale tone about ±64', async () => {
    const silence = fixtures.path('silence.wav');
    const half = fixtures.path('half.ogg');
    await renderTestAudio(binaries, silence, 'wav', { seconds: 2, signal: 'silence' });
    await renderTestAudio(binaries, half, 'ogg', { seconds: 2, amplitude: 0.5 });
    expect(new Set((await computePeaks(silence, {}, binaries)).data)).toEqual(new Set([0]));
    const halfPeaks = pairs((await computePeaks(half, {}, binaries)).data).slice(1, -1);
    for (const [min, max] of halfPeaks) {
      expect(min).toBeGreaterThanOrEqual(-70);
      expect(min).toBeLessThanOrEqual(-58);
      expect(max).toBeGreaterThanOrEqual(58);
      expect(max).toBeLessThanOrEqual(70);
    }
  });

  it('reports progress up to 1', async () => {
    const path = fixtures.path('progress.wav');
    await renderTestAudio(binaries, path, 'wav', { seconds: 2 });
    const fractions: number[] = [];
    await computePeaks(path, { onProgress: (fraction) => fractions.push(fraction) }, binaries);
    expect(fractions.at(-1)).toBe(1);
  });

  it('refuses a file that is not audio as MEDIA_UNREADABLE', async () => {
    const path = fixtures.path('notes.wav');
    await writeFile(path, 'text\n'.repeat(50));
    await expect(computePeaks(path, {}, binaries)).rejects.toMatchObject({ code: 'MEDIA_UNREADABLE' });
  });
});

describe('peaksSamplesPerPixel', () => {
  it('keeps 20 points a second up to 30 minutes, then fewer, so 3 hours stay near 36,000 points', () => {
    expect(peaksSamplesPerPixel(60)).toBe(800);
    expect(peaksSamplesPerPixel(30 * 60)).toBe(800);
    expect(peaksSamplesPerPixel(60 * 60)).toBe(1600);
    const threeHours = 3 * 3600;
    const points = Math.ceil((threeHours * 16_000) / peaksSamplesPerPixel(threeHours));
    expect(points).toBeLessThanOrEqual(36_000);
    // Two values of at most 4 characters and their commas per point: a few hundred KB of JSON.
    expect(points * 2 * 5).toBeLessThan(400_000);
  });
});

describe('PeakReducer', () => {
  it('gives the same peaks whether samples arrive whole or split across chunks', () => {
    const samples = Buffer.alloc(2 * 1000);
    for (let index = 0; index < 1000; index++)
      samples.writeInt16LE(Math.round(32767 * Math.sin(index / 7)), index * 2);
    const whole = new PeakReducer(100);
    whole.add(samples);
    const split = new PeakReducer(100);
    for (let offset = 0; offset < samples.length; offset += 333)
      split.add(samples.subarray(offset, offset + 333));
    expect(split.finish()).toEqual(whole.finish());
    expect(split.samplesSeen).toBe(1000);
  });

  it('converts 16-bit extremes to 8 bits as audiowaveform does', () => {
    const reducer = new PeakReducer(2);
    const extremes = Buffer.alloc(4);
    extremes.writeInt16LE(-32768, 0);
    extremes.writeInt16LE(32767, 2);
    reducer.add(extremes);
    expect(reducer.finish()).toEqual([-128, 127]);
  });
});
