import ffmpeg from 'fluent-ffmpeg';
import type { FfmpegBinaries } from './binaries.js';

export interface MediaProbe {
  formatName: string;
  durationSeconds: number;
  bitrate: number | null;
  hasAudio: boolean;
  hasVideo: boolean;
  width: number | null;
  height: number | null;
}

/** The first audio stream of a probed file. */
export interface ProbedAudioStream {
  /** ffprobe's codec name: 'mp3', 'aac', 'flac', 'vorbis', 'opus', 'pcm_s16le', ... */
  codec: string;
  sampleRate: number | null;
  channels: number | null;
  /** Bits per second of the stream itself, when the container says (not for FLAC or Vorbis in Ogg). */
  bitrate: number | null;
}

/** The first picture stream of a probed file that is not attached cover art. */
export interface ProbedVideoStream {
  codec: string;
  width: number | null;
  height: number | null;
}

/** Everything `probeMedia` reads: the summary the upload check uses, and the streams processing needs. */
export interface DetailedMediaProbe extends MediaProbe {
  sizeBytes: number | null;
  audio: ProbedAudioStream | null;
  video: ProbedVideoStream | null;
  /** A picture stream marked as attached picture (an MP3's or M4A's cover art). */
  hasCoverArt: boolean;
}

/** Reads duration, format and streams of a local file with ffprobe. Rejects when it is not media. */
export function probeMedia(binaries: FfmpegBinaries, filePath: string): Promise<DetailedMediaProbe> {
  return new Promise((resolve, reject) => {
    ffmpeg(filePath)
      .setFfprobePath(binaries.ffprobePath)
      .ffprobe((error: Error | null, data: ffmpeg.FfprobeData) => {
        if (error) return reject(error);
        const isCoverArt = (s: ffmpeg.FfprobeStream) => s.disposition?.attached_pic === 1;
        const video = data.streams.find((s) => s.codec_type === 'video' && !isCoverArt(s));
        const audio = data.streams.find((s) => s.codec_type === 'audio');
        const duration = Number(data.format.duration);
        resolve({
          formatName: data.format.format_name ?? 'unknown',
          durationSeconds: Number.isFinite(duration) ? duration : 0,
          bitrate: positiveNumber(data.format.bit_rate),
          hasAudio: audio !== undefined,
          hasVideo: video !== undefined,
          width: video?.width ?? null,
          height: video?.height ?? null,
          sizeBytes: positiveNumber(data.format.size),
          audio: audio
            ? {
                codec: audio.codec_name ?? 'unknown',
                sampleRate: positiveNumber(audio.sample_rate),
                channels: positiveNumber(audio.channels),
                bitrate: positiveNumber(audio.bit_rate),
              }
            : null,
          video: video
            ? {
                codec: video.codec_name ?? 'unknown',
                width: video.width ?? null,
                height: video.height ?? null,
              }
            : null,
          hasCoverArt: data.streams.some((s) => s.codec_type === 'video' && isCoverArt(s)),
        });
      });
  });
}

/** ffprobe writes 'N/A' for what it does not know; fluent-ffmpeg passes it on as a string. */
function positiveNumber(value: unknown): number | null {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? Math.round(number) : null;
}

/** Writes a sine tone of the given length as MP3 (used by tests, benchmarks and the demo). */
export function renderToneMp3(
  binaries: FfmpegBinaries,
  outputPath: string,
  seconds: number,
  frequencyHz = 440,
): Promise<void> {
  return new Promise((resolve, reject) => {
    ffmpeg()
      .setFfmpegPath(binaries.ffmpegPath)
      .input(`sine=frequency=${frequencyHz}:duration=${seconds}`)
      .inputFormat('lavfi')
      .audioCodec('libmp3lame')
      .audioBitrate(128)
      .audioChannels(2)
      .format('mp3')
      .on('error', reject)
      .on('end', () => resolve())
      .save(outputPath);
  });
}
