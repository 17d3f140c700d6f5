import { stat } from 'node:fs/promises';
import type { Loudness } from '@castbase/contracts';
import type { FfmpegBinaries } from '@castbase/platform-ffmpeg';
import type { AudioFigures } from './probe-audio.js';
import {
  isAudible,
  measureForLoudnorm,
  PODCAST_LOUDNESS_TARGET,
  type LoudnormMeasurement,
} from './measure-loudness.js';
import { defaultFfmpegBinaries, probeForStep, runFfmpegStep, type StepOptions } from './processing-ffmpeg.js';

/** The bitrate podcast apps and hosts publish at: 128 kbps CBR MP3. */
export const DEFAULT_MP3_BITRATE_KBPS = 128;

/** Rates an MP3 keeps as they are; any other is resampled to 44.1 kHz. */
const KEPT_SAMPLE_RATES = new Set([44_100, 48_000]);

/**
 * Whether a file must be transcoded to be published as MP3: everything but an MP3 file (MP3 audio in an MP3
 * container) at or below `targetKbps`, compared in whole kbps so a 128 kbps file whose tags lift its average to
 * 128.4 is kept. An MP3 of unknown bitrate is transcoded.
 */
export function needsTranscode(
  figures: Pick<AudioFigures, 'container' | 'codec' | 'bitrate'>,
  targetKbps: number = DEFAULT_MP3_BITRATE_KBPS,
): boolean {
  if (figures.container !== 'mp3' || figures.codec !== 'mp3' || figures.bitrate === null) return true;
  return Math.round(figures.bitrate / 1000) > targetKbps;
}

export interface Mp3TranscodeRequest extends StepOptions {
  input: string;
  output: string;
  bitrateKbps?: number;
  /** Two-pass loudnorm to the podcast norm (−16 LUFS, −1 dBTP) on the way. */
  normalize?: boolean;
}

export interface Mp3TranscodeResult {
  output: string;
  sizeBytes: number;
  durationSeconds: number;
  /** Bits per second (CBR). */
  bitrate: number;
  sampleRate: number;
  channels: 1 | 2;
  /** The input's loudness, measured for the normalisation; null without `normalize`. */
  inputLoudness: Loudness | null;
}

/** Of the progress of a normalising transcode, the share of the measuring pass (it decodes, the second encodes). */
const MEASURING_SHARE = 0.3;

/**
 * Writes the audio of `input` as a CBR MP3 (libmp3lame at `bitrateKbps`, default 128), mono staying mono and
 * anything else becoming stereo, at 44.1 or 48 kHz as the source is (other rates become 44.1 kHz), without the
 * source's tags (they are written afterwards). ffmpeg reads and writes the files itself.
 *
 * With `normalize`, a first pass measures the loudness and the second applies loudnorm with those measurements
 * and `linear=true`: one gain for the whole file, so speech keeps its dynamics; loudnorm falls back to its dynamic
 * mode only when one gain cannot meet −1 dBTP. Digital silence is transcoded without normalisation.
 */
export async function transcodeToMp3(
  request: Mp3TranscodeRequest,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<Mp3TranscodeResult> {
  const { input, output, normalize = false, onProgress, signal } = request;
  const bitrateKbps = request.bitrateKbps ?? DEFAULT_MP3_BITRATE_KBPS;
  const probe = await probeForStep(binaries, input, 'audio');
  const sourceRate = probe.audio.sampleRate ?? 0;
  const sampleRate = KEPT_SAMPLE_RATES.has(sourceRate) ? sourceRate : 44_100;
  const channels = probe.audio.channels === 1 ? 1 : 2;

  let measurement: LoudnormMeasurement | null = null;
  let encodingProgress = onProgress;
  if (normalize) {
    measurement = await measureForLoudnorm(
      input,
      { signal, onProgress: onProgress && ((fraction) => onProgress(fraction * MEASURING_SHARE)) },
      binaries,
    );
    encodingProgress =
      onProgress && ((fraction) => onProgress(MEASURING_SHARE + fraction * (1 - MEASURING_SHARE)));
  }
  const filter = measurement && isAudible(measurement) ? ['-af', loudnormSecondPass(measurement)] : [];
  await runFfmpegStep(
    binaries,
    [
      ...['-i', input, '-map', '0:a:0', '-map_metadata', '-1'],
      ...filter,
      ...[
        '-c:a',
        'libmp3lame',
        '-b:a',
        `${bitrateKbps}k`,
        '-ar',
        String(sampleRate),
        '-ac',
        String(channels),
      ],
      ...['-f', 'mp3', output],
    ],
    { durationSeconds: probe.durationSeconds, onProgress: encodingProgress, signal },
  );
  const { size } = await stat(output);
  return {
    output,
    sizeBytes: size,
    durationSeconds: Math.round(probe.durationSeconds),
    bitrate: bitrateKbps * 1000,
    sampleRate,
    channels,
    inputLoudness: measurement && {
      integratedLufs: measurement.integratedLufs,
      truePeakDbtp: measurement.truePeakDbtp,
      loudnessRangeLu: measurement.loudnessRangeLu,
    },
  };
}

/** loudnorm's second pass: the podcast target, the first pass's measurements, one linear gain if it can. */
function loudnormSecondPass(measured: LoudnormMeasurement): string {
  const target = PODCAST_LOUDNESS_TARGET;
  return [
    `loudnorm=I=${target.integratedLufs}:TP=${target.truePeakDbtp}:LRA=${target.loudnessRangeLu}`,
    `measured_I=${measured.integratedLufs}:measured_TP=${measured.truePeakDbtp}`,
    `measured_LRA=${measured.loudnessRangeLu}:measured_thresh=${measured.thresholdLufs}`,
    `offset=${measured.targetOffsetLu}:linear=true:dual_mono=true`,
  ].join(':');
}
