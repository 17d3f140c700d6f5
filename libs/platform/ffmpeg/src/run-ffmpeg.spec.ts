import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { resolveFfmpegBinaries } from './binaries.js';
import { FfmpegFailedError, parseProgressTime, runFfmpeg, streamFfmpegOutput } from './run-ffmpeg.js';

const binaries = resolveFfmpegBinaries();
const tenSecondsOfTone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=10'];

describe('runFfmpeg', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'castbase-run-ffmpeg-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes the output and reports progress as rising fractions ending at 1', async () => {
    const output = join(folder, 'tone.wav');
    const fractions: number[] = [];
    await runFfmpeg(binaries, [...tenSecondsOfTone, '-f', 'wav', output], {
      durationSeconds: 10,
      onProgress: (fraction) => fractions.push(fraction),
    });
    expect((await stat(output)).size).toBeGreaterThan(800_000);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((fraction, index) => index === 0 || fraction >= fractions[index - 1]!)).toBe(true);
    expect(fractions.every((fraction) => fraction >= 0 && fraction <= 1)).toBe(true);
  });

  it('keeps the end of stderr, where filters print their summaries', async () => {
    const { stderr } = await runFfmpeg(binaries, [
      ...tenSecondsOfTone,
      ...['-af', 'loudnorm=print_format=json', '-f', 'null', '-'],
    ]);
    expect(stderr).toContain('"input_i"');
  });

  it('rejects with FfmpegFailedError, its exit code and the reason ffmpeg gave', async () => {
    const failure = runFfmpeg(binaries, ['-i', join(folder, 'missing.wav'), '-f', 'null', '-']);
    await expect(failure).rejects.toBeInstanceOf(FfmpegFailedError);
    await expect(failure).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringContaining('No such file or directory'),
    });
  });

  it('stops ffmpeg when the signal is aborted', async () => {
    const controller = new AbortController();
    const endless = runFfmpeg(binaries, ['-f', 'lavfi', '-re', '-i', 'sine', '-f', 'null', '-'], {
      signal: controller.signal,
      durationSeconds: 100,
      onProgress: () => controller.abort(),
    });
    await expect(endless).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('streamFfmpegOutput', () => {
  it('yields the whole output of a pipe, chunk by chunk', async () => {
    let bytes = 0;
    for await (const chunk of streamFfmpegOutput(binaries, [
      ...tenSecondsOfTone,
      ...['-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'],
    ])) {
      bytes += chunk.length;
    }
    expect(bytes).toBe(10 * 8000 * 2);
  });

  it('throws FfmpegFailedError after the output when ffmpeg fails', async () => {
    const consume = async () => {
      for await (const _chunk of streamFfmpegOutput(binaries, [
        '-i',
        '/nonexistent.wav',
        '-f',
        's16le',
        'pipe:1',
      ])) {
        // nothing comes
      }
    };
    await expect(consume()).rejects.toBeInstanceOf(FfmpegFailedError);
  });
});

describe('parseProgressTime', () => {
  it('reads out_time lines and nothing else', () => {
    expect(parseProgressTime('out_time=00:01:02.500000')).toBe(62.5);
    expect(parseProgressTime('out_time=01:00:00.000000')).toBe(3600);
    expect(parseProgressTime('out_time=-577014:32:22.775808')).toBe(0);
    expect(parseProgressTime('out_time=N/A')).toBeNull();
    expect(parseProgressTime('out_time_ms=62500000')).toBeNull();
  });
});
