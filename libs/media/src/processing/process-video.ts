import { stat } from 'node:fs/promises';
import type { FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { ProcessingError } from './processing-error.js';
import {
  defaultFfmpegBinaries,
  probeByContent,
  probeForStep,
  runFfmpegStep,
  type StepOptions,
} from './processing-ffmpeg.js';
import { processingMessages } from './processing-messages.js';
import { transcodeToMp3 } from './transcode-audio.js';

/** A file a video step wrote, with the figures its media output keeps. */
export interface RenderedMedia {
  path: string;
  mimeType: 'video/mp4' | 'audio/mpeg' | 'image/jpeg';
  width: number | null;
  height: number | null;
  durationSeconds: number;
  sizeBytes: number;
}

export type VideoExportPreset = '1080p' | '720p' | '540p' | 'audio-only';
const PRESET_HEIGHTS = { '1080p': 1080, '720p': 720, '540p': 540 } as const;

/** The longest short (spec 2 "Videos page"). */
export const SHORT_MAX_SECONDS = 60;
/** A short's picture: 1080x1920, or a smaller 9:16 when the source has fewer pixels. */
const SHORT_MAX_HEIGHT = 1920;

/** H.264 and AAC in an MP4 that starts playing before it is downloaded; `veryfast` keeps jobs short. */
const MP4_ENCODING = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
  ...['-c:a', 'aac', '-b:a', '128k'],
  ...['-movflags', '+faststart', '-f', 'mp4'],
];

/**
 * A JPEG of the frame at 1 second (at half the length of a shorter video), at the video's size. ffmpeg sets JPEG
 * quality as a quantiser scale (2 best, 31 worst); `-q:v 4` gives files the size of libjpeg's quality 82 on a
 * 720p test frame (3 matches 87), the nearest to the spec's 0.8.
 */
export async function renderThumbnail(
  request: { input: string; output: string },
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<RenderedMedia> {
  const probe = await probeForStep(binaries, request.input, 'video');
  const atSeconds = probe.durationSeconds > 1 ? 1 : probe.durationSeconds / 2;
  await runFfmpegStep(binaries, [
    ...['-ss', String(atSeconds), '-i', request.input, '-map', '0:v:0', '-frames:v', '1'],
    ...['-q:v', '4', '-f', 'image2', '-update', '1', request.output],
  ]);
  return describeOutput(binaries, request.output, 'image/jpeg');
}

/**
 * The part of a video from `startSeconds` to `endSeconds` (cut at the end of the video if it is longer), re-encoded
 * so the cut falls on the exact frame rather than the nearest keyframe.
 */
export async function trimVideo(
  request: { input: string; output: string; startSeconds: number; endSeconds: number } & StepOptions,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<RenderedMedia> {
  const { input, output, startSeconds, endSeconds } = request;
  if (!(endSeconds > startSeconds)) {
    throw new ProcessingError('TRIM_RANGE_INVALID', processingMessages.trimEndNotAfterStart, {
      startSeconds,
      endSeconds,
    });
  }
  const probe = await probeForStep(binaries, input, 'video');
  if (startSeconds >= probe.durationSeconds) {
    throw new ProcessingError(
      'TRIM_RANGE_INVALID',
      processingMessages.trimStartAfterEnd(probe.durationSeconds),
      {
        startSeconds,
        durationSeconds: probe.durationSeconds,
      },
    );
  }
  const lengthSeconds = Math.min(endSeconds, probe.durationSeconds) - startSeconds;
  await runFfmpegStep(
    binaries,
    [
      ...['-ss', String(startSeconds), '-i', input, '-t', String(lengthSeconds)],
      ...['-map', '0:v:0', '-map', '0:a:0?', '-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2'],
      ...MP4_ENCODING,
      output,
    ],
    { durationSeconds: lengthSeconds, onProgress: request.onProgress, signal: request.signal },
  );
  return describeOutput(binaries, output, 'video/mp4');
}

/**
 * A download of the whole video: H.264 and AAC in MP4 at the preset's height with the aspect kept (never
 * upscaled: a 720p source exported as 1080p stays 720p), or, for `audio-only`, its sound as a 128 kbps MP3.
 */
export async function exportVideoPreset(
  request: { input: string; output: string; preset: VideoExportPreset } & StepOptions,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<RenderedMedia> {
  const { input, output, preset, onProgress, signal } = request;
  if (preset === 'audio-only') {
    await transcodeToMp3({ input, output, bitrateKbps: 128, onProgress, signal }, binaries);
    return describeOutput(binaries, output, 'audio/mpeg');
  }
  const probe = await probeForStep(binaries, input, 'video');
  const { width, height } = scaledToHeight(probe.video, PRESET_HEIGHTS[preset]);
  await runFfmpegStep(
    binaries,
    [
      ...['-i', input, '-map', '0:v:0', '-map', '0:a:0?'],
      ...['-vf', `scale=${width}:${height},setsar=1`],
      ...MP4_ENCODING,
      output,
    ],
    { durationSeconds: probe.durationSeconds, onProgress, signal },
  );
  return describeOutput(binaries, output, 'video/mp4');
}

/**
 * A vertical 9:16 clip for social apps: `durationSeconds` (at most 60) from `startSeconds`, shorter when the video
 * ends first, cropped to the centre and scaled to 1080x1920, or to the largest exact 9:16 below the crop when the
 * source is smaller (its height a multiple of 32, so both sides are even).
 */
export async function createShort(
  request: { input: string; output: string; startSeconds: number; durationSeconds: number } & StepOptions,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<RenderedMedia> {
  const { input, output, startSeconds, durationSeconds } = request;
  if (durationSeconds > SHORT_MAX_SECONDS) {
    throw new ProcessingError('SHORT_RANGE_INVALID', processingMessages.shortTooLong, { durationSeconds });
  }
  if (!(durationSeconds > 0)) {
    throw new ProcessingError('SHORT_RANGE_INVALID', processingMessages.shortTooShort, { durationSeconds });
  }
  const probe = await probeForStep(binaries, input, 'video');
  if (startSeconds >= probe.durationSeconds) {
    throw new ProcessingError(
      'SHORT_RANGE_INVALID',
      processingMessages.shortStartAfterEnd(probe.durationSeconds),
      {
        startSeconds,
        durationSeconds: probe.durationSeconds,
      },
    );
  }
  const lengthSeconds = Math.min(durationSeconds, probe.durationSeconds - startSeconds);
  const { crop, width, height } = verticalFrame(probe.video);
  await runFfmpegStep(
    binaries,
    [
      ...['-ss', String(startSeconds), '-i', input, '-t', String(lengthSeconds)],
      ...['-map', '0:v:0', '-map', '0:a:0?'],
      ...['-vf', `crop=${crop.width}:${crop.height},scale=${width}:${height},setsar=1`],
      ...MP4_ENCODING,
      output,
    ],
    { durationSeconds: lengthSeconds, onProgress: request.onProgress, signal: request.signal },
  );
  return describeOutput(binaries, output, 'video/mp4');
}

interface PictureSize {
  width: number | null;
  height: number | null;
}

/** The size at `presetHeight` (or the source's, if smaller) with the aspect kept, both sides even for H.264. */
export function scaledToHeight(source: PictureSize, presetHeight: number): { width: number; height: number } {
  const sourceWidth = source.width ?? 0;
  const sourceHeight = source.height ?? 0;
  if (sourceWidth <= 0 || sourceHeight <= 0) {
    throw new ProcessingError('MEDIA_UNREADABLE', processingMessages.noVideo);
  }
  const height = evenFloor(Math.min(presetHeight, sourceHeight));
  const width = Math.max(2, Math.round((sourceWidth * height) / sourceHeight / 2) * 2);
  return { width, height };
}

/** The centred 9:16 crop of a picture, and the exact 9:16 size it is scaled to. */
export function verticalFrame(source: PictureSize): {
  crop: { width: number; height: number };
  width: number;
  height: number;
} {
  const sourceWidth = source.width ?? 0;
  const sourceHeight = source.height ?? 0;
  const wider = sourceWidth * 16 > sourceHeight * 9;
  const crop = wider
    ? { width: evenFloor((sourceHeight * 9) / 16), height: evenFloor(sourceHeight) }
    : { width: evenFloor(sourceWidth), height: evenFloor((sourceWidth * 16) / 9) };
  const height = Math.min(SHORT_MAX_HEIGHT, Math.floor(crop.height / 32) * 32);
  if (height < 32) throw new ProcessingError('MEDIA_UNREADABLE', processingMessages.noVideo);
  return { crop, width: (height * 9) / 16, height };
}

function evenFloor(value: number): number {
  return Math.floor(value / 2) * 2;
}

async function describeOutput(
  binaries: FfmpegBinaries,
  path: string,
  mimeType: RenderedMedia['mimeType'],
): Promise<RenderedMedia> {
  const [probe, file] = await Promise.all([probeByContent(binaries, path), stat(path)]);
  return {
    path,
    mimeType,
    width: probe?.video?.width ?? null,
    height: probe?.video?.height ?? null,
    durationSeconds: Math.round(probe?.durationSeconds ?? 0),
    sizeBytes: file.size,
  };
}
