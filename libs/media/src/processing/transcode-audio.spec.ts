import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  probeMedia,
  renderTestAudio,
  resolveFfmpegBinaries,
  type TestAudioContainer,
} from '@castbase/platform-ffmpeg';
import { measureLoudness } from './measure-loudness.js';
import { probeAudio } from './probe-audio.js';
import { fixtureFolder } from './testing/processing-fixtures.js';
import { needsTranscode, transcodeToMp3 } from './transcode-audio.js';

const binaries = resolveFfmpegBinaries();
let fixtures: Awaited<ReturnType<typeof fixtureFolder>>;

beforeAll(async () => {
  fixtures = await fixtureFolder('transcode');
});
afterAll(async () => {
  await fixtures.remove();
});

/** The size of every MP3 frame: all equal (but for a padding byte) when the file is CBR. */
async function frameSizes(path: string): Promise<Set<number>> {
  const { stdout } = await promisify(execFile)(binaries.ffprobePath, [
    ...['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', path],
  ]);
  // Packets with side data (the encoder delay) come with an extra, empty field.
  return new Set(
    stdout
      .split('\n')
      .map((line) => Number.parseInt(line, 10))
      .filter(Number.isFinite),
  );
}

describe('needsTranscode', () => {
  async function figuresOf(container: TestAudioContainer, bitrateKbps?: number) {
    const path = fixtures.path(`source-${container}-${bitrateKbps ?? 'default'}`);
    await renderTestAudio(binaries, path, container, { seconds: 1, bitrateKbps });
    return probeAudio(path, binaries);
  }

  it.each([128, 96])('keeps an MP3 at %i kbps as it is (target 128)', async (bitrateKbps) => {
    expect(needsTranscode(await figuresOf('mp3', bitrateKbps), 128)).toBe(false);
  });

  it('transcodes an MP3 at 320 kbps (target 128)', async () => {
    expect(needsTranscode(await figuresOf('mp3', 320), 128)).toBe(true);
  });

  it.each<TestAudioContainer>(['wav', 'flac', 'ogg', 'm4a', 'aac'])('transcodes %s', async (container) => {
    expect(needsTranscode(await figuresOf(container), 128)).toBe(true);
  });

  it('transcodes an MP3 whose bitrate is unknown, and MP3 audio in another container', () => {
    expect(needsTranscode({ container: 'mp3', codec: 'mp3', bitrate: null })).toBe(true);
    expect(needsTranscode({ container: 'matroska,webm', codec: 'mp3', bitrate: 128_000 })).toBe(true);
    expect(needsTranscode({ container: 'mp3', codec: 'mp3', bitrate: 128_400 })).toBe(false);
  });
});

describe('transcodeToMp3', () => {
  it('writes a 128 kbps CBR MP3, keeping 48 kHz stereo, with progress rising to 1', async () => {
    const input = fixtures.path('studio.wav');
    const output = fixtures.path('studio.mp3');
    await renderTestAudio(binaries, input, 'wav', { seconds: 4, sampleRate: 48_000, signal: 'noise' });
    const fractions: number[] = [];
    const result = await transcodeToMp3(
      { input, output, onProgress: (fraction) => fractions.push(fraction) },
      binaries,
    );

    const probe = await probeMedia(binaries, output);
    expect(probe).toMatchObject({
      formatName: 'mp3',
      audio: { codec: 'mp3', sampleRate: 48_000, channels: 2 },
    });
    expect(Math.abs(probe.audio!.bitrate! - 128_000)).toBeLessThanOrEqual(1000);
    expect(Math.abs((result.sizeBytes * 8) / probe.durationSeconds - 128_000)).toBeLessThanOrEqual(1000);
    expect(await frameSizes(output)).toEqual(new Set([384]));
    expect(result).toMatchObject({ bitrate: 128_000, sampleRate: 48_000, channels: 2, durationSeconds: 4 });
    expect(result.inputLoudness).toBeNull();
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((fraction, index) => index === 0 || fraction >= fractions[index - 1]!)).toBe(true);
  });

  it('keeps mono as mono and 44.1 kHz, and brings other rates to 44.1 kHz', async () => {
    const mono = fixtures.path('mono.flac');
    const lowRate = fixtures.path('phone.wav');
    await renderTestAudio(binaries, mono, 'flac', { seconds: 1, channels: 1 });
    await renderTestAudio(binaries, lowRate, 'wav', { seconds: 1, sampleRate: 22_050 });
    const monoMp3 = await transcodeToMp3({ input: mono, output: fixtures.path('mono.mp3') }, binaries);
    const lowRateMp3 = await transcodeToMp3({ input: lowRate, output: fixtures.path('phone.mp3') }, binaries);
    expect(monoMp3).toMatchObject({ channels: 1, sampleRate: 44_100 });
    expect(lowRateMp3).toMatchObject({ channels: 2, sampleRate: 44_100 });
    expect(await probeMedia(binaries, monoMp3.output)).toMatchObject({
      audio: { channels: 1, sampleRate: 44_100 },
    });
    expect(await probeMedia(binaries, lowRateMp3.output)).toMatchObject({ audio: { sampleRate: 44_100 } });
  });

  it('writes the bitrate asked for', async () => {
    const input = fixtures.path('for-64.wav');
    await renderTestAudio(binaries, input, 'wav', { seconds: 1 });
    const result = await transcodeToMp3(
      { input, output: fixtures.path('64.mp3'), bitrateKbps: 64 },
      binaries,
    );
    expect((await probeMedia(binaries, result.output)).audio?.bitrate).toBe(64_000);
  });

  it('normalises a quiet recording to within 1 LU of −16 LUFS, its true peak at most −1 dBTP', async () => {
    const input = fixtures.path('quiet.wav');
    const output = fixtures.path('quiet.mp3');
    await renderTestAudio(binaries, input, 'wav', { seconds: 8, signal: 'noise', amplitude: 0.05 });
    const result = await transcodeToMp3({ input, output, normalize: true }, binaries);
    expect(result.inputLoudness!.integratedLufs).toBeLessThan(-30);
    const loudness = await measureLoudness(output, {}, binaries);
    expect(Math.abs(loudness.integratedLufs - -16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-0.5);
  });

  it('normalises a loud recording down to −16 LUFS', async () => {
    const input = fixtures.path('loud.flac');
    const output = fixtures.path('loud.mp3');
    await renderTestAudio(binaries, input, 'flac', { seconds: 8, signal: 'noise', amplitude: 0.9 });
    await transcodeToMp3({ input, output, normalize: true }, binaries);
    const loudness = await measureLoudness(output, {}, binaries);
    expect(Math.abs(loudness.integratedLufs - -16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeakDbtp).toBeLessThanOrEqual(-0.5);
  });

  it('transcodes silence without normalising it', async () => {
    const input = fixtures.path('silence.wav');
    await renderTestAudio(binaries, input, 'wav', { seconds: 1, signal: 'silence' });
    const result = await transcodeToMp3(
      { input, output: fixtures.path('silence.mp3'), normalize: true },
      binaries,
    );
    expect(result.inputLoudness).toEqual({ integratedLufs: -70, truePeakDbtp: -99, loudnessRangeLu: 0 });
    expect((await probeMedia(binaries, result.output)).audio?.codec).toBe('mp3');
  });

  it('refuses a file that is not audio as MEDIA_UNREADABLE', async () => {
    const input = fixtures.path('notes.wav');
    await writeFile(input, 'not audio\n'.repeat(100));
    await expect(
      transcodeToMp3({ input, output: fixtures.path('notes.mp3') }, binaries),
    ).rejects.toMatchObject({
      code: 'MEDIA_UNREADABLE',
    });
  });
});
