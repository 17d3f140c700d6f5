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

/** Reads duration, format and streams of a local file with ffprobe. Rejects when it is not media. */
export function probeMedia(binaries: FfmpegBinaries, filePath: string): Promise<MediaProbe> {
  return new Promise((resolve, reject) => {
    ffmpeg(filePath)
      .setFfprobePath(binaries.ffprobePath)
      .ffprobe((error: Error | null, data: ffmpeg.FfprobeData) => {
        if (error) return reject(error);
        const video = data.streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
        const audio = data.streams.find((s) => s.codec_type === 'audio');
        const duration = Number(data.format.duration);
        resolve({
          formatName: data.format.format_name ?? 'unknown',
          durationSeconds: Number.isFinite(duration) ? duration : 0,
          bitrate: data.format.bit_rate ? Math.round(Number(data.format.bit_rate)) : null,
          hasAudio: audio !== undefined,
          hasVideo: video !== undefined,
          width: video?.width ?? null,
          height: video?.height ?? null,
        });
      });
  });
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
