import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  FfmpegFailedError,
  probeMedia,
  resolveFfmpegBinaries,
  runFfmpeg,
  type DetailedMediaProbe,
  type FfmpegBinaries,
  type FfmpegRunOptions,
  type FfmpegRunResult,
} from '@castbase/platform-ffmpeg';
import { ProcessingError } from './processing-error.js';
import { processingMessages } from './processing-messages.js';

let resolvedBinaries: FfmpegBinaries | undefined;

/**
 * The binaries processing uses when the caller passes none: the system's, else the npm ones. The service passes
 * its configured ones (`FFMPEG_PATH`, `FFPROBE_PATH`).
 */
export function defaultFfmpegBinaries(): FfmpegBinaries {
  resolvedBinaries ??= resolveFfmpegBinaries();
  return resolvedBinaries;
}

/** Progress and cancellation, as every long step takes them. */
export interface StepOptions {
  /** 0..1, about twice a second, and 1 at the end. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** Runs ffmpeg; a failure on the creator's file becomes `MEDIA_PROCESSING_FAILED` with ffmpeg's reason. */
export async function runFfmpegStep(
  binaries: FfmpegBinaries,
  args: readonly string[],
  options: FfmpegRunOptions = {},
): Promise<FfmpegRunResult> {
  try {
    return await runFfmpeg(binaries, args, options);
  } catch (error) {
    throw asProcessingFailure(error);
  }
}

/** ffmpeg's failure on the creator's file as `MEDIA_PROCESSING_FAILED` with its last line; other errors unchanged. */
export function asProcessingFailure(error: unknown): unknown {
  if (!(error instanceof FfmpegFailedError)) return error;
  const reason = error.stderrTail.trim().split('\n').at(-1) ?? '';
  return new ProcessingError(
    'MEDIA_PROCESSING_FAILED',
    processingMessages.failed,
    { reason },
    { cause: error },
  );
}

/**
 * ffprobe's reading of a file from its content alone, or null when it cannot read it. ffprobe also scores
 * formats by file name extension (a text file named `.mp3` would open as an MP3 with no frames, an MP3 named
 * `.png` as a picture), so it is shown the file through a link without an extension.
 */
export async function probeByContent(
  binaries: FfmpegBinaries,
  path: string,
): Promise<DetailedMediaProbe | null> {
  const folder = await mkdtemp(join(tmpdir(), 'castbase-probe-'));
  try {
    const link = join(folder, 'media');
    await symlink(resolve(path), link);
    return await probeMedia(binaries, link).catch(() => null);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** `probeByContent`, refusing a file ffprobe cannot read or without the stream the step needs. */
export async function probeForStep<Need extends 'audio' | 'video'>(
  binaries: FfmpegBinaries,
  path: string,
  needs: Need,
): Promise<DetailedMediaProbe & { [Stream in Need]: NonNullable<DetailedMediaProbe[Stream]> }> {
  const probe = await probeByContent(binaries, path);
  if (!probe) throw new ProcessingError('MEDIA_UNREADABLE', processingMessages.unreadable);
  if (!probe[needs]) {
    const message = needs === 'audio' ? processingMessages.noAudio : processingMessages.noVideo;
    throw new ProcessingError('MEDIA_UNREADABLE', message);
  }
  return probe as DetailedMediaProbe & { [Stream in Need]: NonNullable<DetailedMediaProbe[Stream]> };
}
