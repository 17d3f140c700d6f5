import type { FfmpegBinaries } from './binaries.js';
import { runFfmpeg } from './run-ffmpeg.js';

/**
 * Real media files made by ffmpeg from its own test sources, for tests, benchmarks and demos. Each container is
 * forced with `-f`, so the output's file name (which may lie on purpose) does not decide what is written.
 */

/** Audio files by container: the codec each is written with. */
const AUDIO_CONTAINERS = {
  wav: { muxer: 'wav', codec: ['-c:a', 'pcm_s16le'] },
  flac: { muxer: 'flac', codec: ['-c:a', 'flac'] },
  ogg: { muxer: 'ogg', codec: ['-c:a', 'libvorbis', '-q:a', '3'] },
  /** Opus in Ogg; Opus always runs at 48 kHz. */
  opus: { muxer: 'ogg', codec: ['-c:a', 'libopus', '-b:a', '64k'], sampleRate: 48_000 },
  /** AAC in an MP4 container with the iTunes brand ('M4A '), as Apple devices write it. */
  m4a: { muxer: 'ipod', codec: ['-c:a', 'aac'] },
  /** AAC in an ordinary MP4 container ('isom' brand), with audio only. */
  'mp4-audio': { muxer: 'mp4', codec: ['-c:a', 'aac'] },
  /** Raw ADTS AAC, which has no container and only a weak magic number. */
  aac: { muxer: 'adts', codec: ['-c:a', 'aac'] },
  /** MP3 with an ID3v2 tag at the start (ffmpeg writes one by default). */
  mp3: { muxer: 'mp3', codec: ['-c:a', 'libmp3lame'] },
  /** MP3 frames only: no ID3 tag, no Xing header, so only its frame sync identifies it. */
  'mp3-bare': { muxer: 'mp3', codec: ['-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0'] },
  /** Matroska with an audio stream only. */
  mka: { muxer: 'matroska', codec: ['-c:a', 'libvorbis'] },
  /** WebM with an Opus stream only. */
  'webm-audio': { muxer: 'webm', codec: ['-c:a', 'libopus', '-b:a', '64k'], sampleRate: 48_000 },
} as const satisfies Record<string, { muxer: string; codec: readonly string[]; sampleRate?: number }>;
export type TestAudioContainer = keyof typeof AUDIO_CONTAINERS;

export interface TestAudioOptions {
  seconds: number;
  /** A sine tone (the default), pink noise, or digital silence. */
  signal?: 'tone' | 'noise' | 'silence';
  frequencyHz?: number;
  /** Peak level of the tone or noise, 0..1 of full scale (default 0.5). */
  amplitude?: number;
  /** 44.1 kHz by default; Opus is always 48 kHz. */
  sampleRate?: number;
  channels?: 1 | 2;
  /** For lossy codecs; MP3 is written CBR at this rate. */
  bitrateKbps?: number;
}

/** Writes `options.seconds` of a test signal to `outputPath` in `container`. */
export async function renderTestAudio(
  binaries: FfmpegBinaries,
  outputPath: string,
  container: TestAudioContainer,
  options: TestAudioOptions,
): Promise<void> {
  const format: { muxer: string; codec: readonly string[]; sampleRate?: number } =
    AUDIO_CONTAINERS[container];
  const { muxer, codec } = format;
  const sampleRate = format.sampleRate ?? options.sampleRate ?? 44_100;
  const bitrate = options.bitrateKbps ? ['-b:a', `${options.bitrateKbps}k`] : [];
  await runFfmpeg(binaries, [
    ...['-f', 'lavfi', '-i', audioSource(options, sampleRate)],
    ...['-ar', String(sampleRate)],
    ...codec,
    ...bitrate,
    ...['-f', muxer, outputPath],
  ]);
}

/**
 * The sources are mono; stereo copies the signal to both channels at full level with `pan` (ffmpeg's own upmix
 * would lower each channel by 3 dB).
 */
function audioSource(options: TestAudioOptions, sampleRate: number): string {
  const layout = options.channels === 1 ? 'pan=mono|c0=c0' : 'pan=stereo|c0=c0|c1=c0';
  return `${monoSignal(options, sampleRate)},${layout}`;
}

function monoSignal(options: TestAudioOptions, sampleRate: number): string {
  const amplitude = options.amplitude ?? 0.5;
  const seconds = options.seconds;
  switch (options.signal ?? 'tone') {
    case 'tone':
      // sine's own level is fixed at 1/8 of full scale; the volume filter scales it to the amplitude asked for.
      return `sine=frequency=${options.frequencyHz ?? 440}:sample_rate=${sampleRate}:duration=${seconds},volume=${amplitude * 8}`;
    case 'noise':
      return `anoisesrc=color=pink:amplitude=${amplitude}:sample_rate=${sampleRate}:duration=${seconds}:seed=42`;
    case 'silence':
      return `anullsrc=channel_layout=mono:sample_rate=${sampleRate},atrim=duration=${seconds}`;
  }
}

/** Video files by container, with the codecs browsers and phones write in each. */
const VIDEO_CONTAINERS = {
  mp4: { muxer: 'mp4', video: ['-c:v', 'libx264', '-preset', 'ultrafast'], audio: ['-c:a', 'aac'] },
  mov: { muxer: 'mov', video: ['-c:v', 'libx264', '-preset', 'ultrafast'], audio: ['-c:a', 'aac'] },
  mkv: {
    muxer: 'matroska',
    video: ['-c:v', 'libx264', '-preset', 'ultrafast'],
    audio: ['-c:a', 'libvorbis'],
  },
  avi: { muxer: 'avi', video: ['-c:v', 'mpeg4', '-q:v', '5'], audio: ['-c:a', 'libmp3lame'] },
  webm: {
    muxer: 'webm',
    video: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '500k'],
    audio: ['-c:a', 'libopus'],
  },
} as const;
export type TestVideoContainer = keyof typeof VIDEO_CONTAINERS;

export interface TestVideoOptions {
  seconds: number;
  width: number;
  height: number;
  /** A 440 Hz tone beside the picture (default true). */
  withAudio?: boolean;
  frameRate?: number;
}

/** Writes a moving test pattern (ffmpeg's testsrc2), with a tone unless `withAudio` is false. */
export async function renderTestVideo(
  binaries: FfmpegBinaries,
  outputPath: string,
  container: TestVideoContainer,
  options: TestVideoOptions,
): Promise<void> {
  const { muxer, video, audio } = VIDEO_CONTAINERS[container];
  const { seconds, width, height } = options;
  const withAudio = options.withAudio ?? true;
  const picture = `testsrc2=size=${width}x${height}:rate=${options.frameRate ?? 25}:duration=${seconds}`;
  const tone = `sine=frequency=440:duration=${seconds}`;
  await runFfmpeg(binaries, [
    ...['-f', 'lavfi', '-i', picture],
    ...(withAudio ? ['-f', 'lavfi', '-i', tone] : []),
    ...[...video, '-pix_fmt', 'yuv420p'],
    ...(withAudio ? [...audio, '-ac', '2'] : []),
    ...['-f', muxer, outputPath],
  ]);
}
