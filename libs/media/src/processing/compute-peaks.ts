import { streamFfmpegOutput, type FfmpegBinaries } from '@castbase/platform-ffmpeg';
import {
  asProcessingFailure,
  defaultFfmpegBinaries,
  probeForStep,
  type StepOptions,
} from './processing-ffmpeg.js';

/** The waveform JSON of audiowaveform (version 2), which wavesurfer.js and peaks.js read. */
export interface WaveformPeaks {
  version: 2;
  channels: 1;
  sample_rate: number;
  samples_per_pixel: number;
  bits: 8;
  /** Number of pixels; `data` holds a min and a max for each. */
  length: number;
  /** min0, max0, min1, max1, ... from −128 to 127. */
  data: number[];
}

/** Audio is decoded at this rate for peaks: enough for a waveform's shape, a third of the work of 48 kHz. */
const PEAKS_SAMPLE_RATE = 16_000;
/** Detail of a waveform: 20 points a second for short files... */
const PIXELS_PER_SECOND = 20;
/** ...and never more than this many, so a 3-hour episode's JSON stays near 300 KB (about 8 bytes per point). */
const MAX_PIXELS = 36_000;

/**
 * Min/max peaks of a file's audio, mixed to mono: ffmpeg decodes to 16-bit PCM on a pipe and each chunk is reduced
 * as it arrives, so memory holds the peaks, never the decoded audio. 20 pixels a second up to 30 minutes, fewer
 * beyond (10 a second at one hour). Values are the 16-bit extremes shifted to 8 bits, as audiowaveform does.
 */
export async function computePeaks(
  input: string,
  options: StepOptions = {},
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<WaveformPeaks> {
  const probe = await probeForStep(binaries, input, 'audio');
  const samplesPerPixel = peaksSamplesPerPixel(probe.durationSeconds);
  const expectedSamples = probe.durationSeconds * PEAKS_SAMPLE_RATE;
  const reducer = new PeakReducer(samplesPerPixel);
  const decoding = streamFfmpegOutput(
    binaries,
    [
      '-i',
      input,
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(PEAKS_SAMPLE_RATE),
      '-f',
      's16le',
      '-c:a',
      'pcm_s16le',
      'pipe:1',
    ],
    { signal: options.signal },
  );
  try {
    for await (const chunk of decoding) {
      reducer.add(chunk);
      if (options.onProgress && expectedSamples > 0) {
        options.onProgress(Math.min(1, reducer.samplesSeen / expectedSamples));
      }
    }
  } catch (error) {
    throw asProcessingFailure(error);
  }
  options.onProgress?.(1);
  const data = reducer.finish();
  return {
    version: 2,
    channels: 1,
    sample_rate: PEAKS_SAMPLE_RATE,
    samples_per_pixel: samplesPerPixel,
    bits: 8,
    length: data.length / 2,
    data,
  };
}

/** Samples (at 16 kHz) per waveform point: 800 (20 points a second), more for files over 30 minutes. */
export function peaksSamplesPerPixel(durationSeconds: number): number {
  const pixelsPerSecond = Math.min(PIXELS_PER_SECOND, MAX_PIXELS / Math.max(durationSeconds, 1));
  return Math.max(1, Math.ceil(PEAKS_SAMPLE_RATE / pixelsPerSecond));
}

/** Folds little-endian 16-bit samples, chunk by chunk, into the min and max of every `samplesPerPixel` samples. */
export class PeakReducer {
  private readonly peaks: number[] = [];
  private min = 0;
  private max = 0;
  private inPixel = 0;
  /** The first byte of a sample split between two chunks. */
  private carry: number | null = null;
  samplesSeen = 0;

  constructor(private readonly samplesPerPixel: number) {}

  add(chunk: Buffer): void {
    let offset = 0;
    if (this.carry !== null && chunk.length > 0) {
      this.sample((((chunk.readUInt8(0) << 8) | this.carry) << 16) >> 16);
      this.carry = null;
      offset = 1;
    }
    const whole = offset + Math.floor((chunk.length - offset) / 2) * 2;
    for (let index = offset; index < whole; index += 2) this.sample(chunk.readInt16LE(index));
    if (whole < chunk.length) this.carry = chunk.readUInt8(whole);
  }

  finish(): number[] {
    if (this.inPixel > 0) this.closePixel();
    return this.peaks;
  }

  private sample(value: number): void {
    if (this.inPixel === 0 || value < this.min) this.min = value;
    if (this.inPixel === 0 || value > this.max) this.max = value;
    this.samplesSeen++;
    if (++this.inPixel === this.samplesPerPixel) this.closePixel();
  }

  private closePixel(): void {
    // An arithmetic shift, as audiowaveform converts: −32768 → −128, 32767 → 127.
    this.peaks.push(this.min >> 8, this.max >> 8);
    this.inPixel = 0;
  }
}
