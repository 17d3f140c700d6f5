import { stat } from 'node:fs/promises';
import type { FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { defaultFfmpegBinaries, probeForStep } from './processing-ffmpeg.js';

/** The figures of a file's audio, as a media file keeps them. */
export interface AudioFigures {
  /** ffprobe's name of the container: 'mp3', 'wav', 'flac', 'ogg', 'aac', 'mov,mp4,m4a,3gp,3g2,mj2', ... */
  container: string;
  /** ffprobe's name of the audio codec: 'mp3', 'pcm_s16le', 'flac', 'vorbis', 'opus', 'aac', ... */
  codec: string;
  /** Whole seconds, rounded. */
  durationSeconds: number;
  /** As ffprobe reads it, for progress and waveform lengths. */
  exactDurationSeconds: number;
  /** Bits per second of the audio stream, else of the whole file; null when neither is known. */
  bitrate: number | null;
  sampleRate: number | null;
  channels: number | null;
  sizeBytes: number;
}

/** Reads the audio figures of a local file (audio, or video with a sound track); `MEDIA_UNREADABLE` without audio. */
export async function probeAudio(
  path: string,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<AudioFigures> {
  const [probe, file] = await Promise.all([probeForStep(binaries, path, 'audio'), stat(path)]);
  const { audio } = probe;
  return {
    container: probe.formatName,
    codec: audio.codec,
    durationSeconds: Math.round(probe.durationSeconds),
    exactDurationSeconds: probe.durationSeconds,
    bitrate: audio.bitrate ?? probe.bitrate,
    sampleRate: audio.sampleRate,
    channels: audio.channels,
    sizeBytes: file.size,
  };
}
