import { PODCAST_LOUDNESS_NORM, type Loudness } from '@castbase/contracts';
import type { FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { ProcessingError } from './processing-error.js';
import { defaultFfmpegBinaries, probeForStep, runFfmpegStep, type StepOptions } from './processing-ffmpeg.js';
import { processingMessages } from './processing-messages.js';

/**
 * What a normalised episode aims at: the podcast norm (−16 LUFS integrated, −1 dBTP true peak, as Apple and
 * Spotify publish it) and a loudness range wide enough for speech that loudnorm keeps its gain linear.
 */
export const PODCAST_LOUDNESS_TARGET = { ...PODCAST_LOUDNESS_NORM, loudnessRangeLu: 11 } as const;

/**
 * Below the EBU R128 absolute gate nothing counts as loudness: loudnorm reports silence as `-inf`, which is
 * stored as these floors (the lowest values loudnorm itself accepts as measurements).
 */
const SILENCE_LUFS = -70;
const SILENCE_DBTP = -99;

/** loudnorm's first-pass measurement: the loudness, plus what its second pass needs to apply a linear gain. */
export interface LoudnormMeasurement extends Loudness {
  thresholdLufs: number;
  targetOffsetLu: number;
}

/**
 * Integrated loudness, true peak and loudness range of a file's audio per EBU R128, from ffmpeg's `loudnorm`
 * filter in measuring mode (its first pass, `print_format=json`). Mono is measured as dual mono, as it is heard
 * on headphones (a mono file at −16 LUFS then sounds as loud as a stereo one). Silence reads as −70 LUFS.
 */
export async function measureLoudness(
  path: string,
  options: StepOptions = {},
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<Loudness> {
  const { integratedLufs, truePeakDbtp, loudnessRangeLu } = await measureForLoudnorm(path, options, binaries);
  return { integratedLufs, truePeakDbtp, loudnessRangeLu };
}

/** `measureLoudness` with loudnorm's threshold and offset, for the second pass of a normalisation. */
export async function measureForLoudnorm(
  path: string,
  options: StepOptions,
  binaries: FfmpegBinaries,
): Promise<LoudnormMeasurement> {
  const probe = await probeForStep(binaries, path, 'audio');
  const target = PODCAST_LOUDNESS_TARGET;
  const filter = `loudnorm=I=${target.integratedLufs}:TP=${target.truePeakDbtp}:LRA=${target.loudnessRangeLu}:dual_mono=true:print_format=json`;
  const { stderr } = await runFfmpegStep(
    binaries,
    ['-i', path, '-map', '0:a:0', '-af', filter, '-f', 'null', '-'],
    { durationSeconds: probe.durationSeconds, onProgress: options.onProgress, signal: options.signal },
  );
  return parseLoudnormJson(stderr);
}

/** The JSON block loudnorm prints last on stderr: `{ "input_i" : "-23.54", ... }`, numbers as strings. */
export function parseLoudnormJson(stderr: string): LoudnormMeasurement {
  const start = stderr.lastIndexOf('{');
  const end = stderr.lastIndexOf('}');
  let fields: Record<string, string>;
  try {
    fields = JSON.parse(stderr.slice(start, end + 1)) as Record<string, string>;
  } catch (error) {
    throw new ProcessingError(
      'MEDIA_PROCESSING_FAILED',
      processingMessages.failed,
      { reason: 'loudnorm printed no measurement' },
      { cause: error },
    );
  }
  const read = (name: string, floor: number) => {
    const value = Number(fields[name]);
    return Number.isFinite(value) ? Math.max(value, floor) : floor;
  };
  return {
    integratedLufs: read('input_i', SILENCE_LUFS),
    truePeakDbtp: read('input_tp', SILENCE_DBTP),
    loudnessRangeLu: read('input_lra', 0),
    thresholdLufs: read('input_thresh', SILENCE_LUFS),
    targetOffsetLu: Number.isFinite(Number(fields.target_offset)) ? Number(fields.target_offset) : 0,
  };
}

/** Whether there is any loudness to normalise (digital silence has none). */
export function isAudible(measurement: Loudness): boolean {
  return measurement.integratedLufs > SILENCE_LUFS;
}
