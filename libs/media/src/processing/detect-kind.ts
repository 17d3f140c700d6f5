import { fileTypeFromFile } from 'file-type';
import type { MediaFormat, MediaKind } from '@castbase/contracts';
import type { DetailedMediaProbe, FfmpegBinaries } from '@castbase/platform-ffmpeg';
import { defaultFfmpegBinaries, probeByContent } from './processing-ffmpeg.js';

/** What a file is, decided from its bytes. */
export interface DetectedMedia {
  kind: MediaKind;
  format: MediaFormat;
  /** The type it is served with. */
  mimeType: string;
}

type AudioContainer = 'mp3' | 'aac' | 'wav' | 'flac' | 'ogg';
type VideoContainer = 'mp4' | 'mov' | 'avi' | 'mkv' | 'webm';

const IMAGES: Readonly<Record<string, DetectedMedia>> = {
  jpg: { kind: 'image', format: 'jpeg', mimeType: 'image/jpeg' },
  png: { kind: 'image', format: 'png', mimeType: 'image/png' },
  apng: { kind: 'image', format: 'png', mimeType: 'image/png' },
  webp: { kind: 'image', format: 'webp', mimeType: 'image/webp' },
  gif: { kind: 'image', format: 'gif', mimeType: 'image/gif' },
};

/** file-type's names for the accepted containers whose magic numbers are strong. */
const CONTAINERS: Readonly<Record<string, AudioContainer | VideoContainer>> = {
  wav: 'wav',
  flac: 'flac',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  spx: 'ogg',
  mp4: 'mp4',
  m4a: 'mp4',
  m4b: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  avi: 'avi',
  mkv: 'mkv',
  webm: 'webm',
};

/**
 * Raw MPEG audio and ADTS AAC have no header, only a frame sync that many files contain by chance: file-type's
 * guess (or its silence) is settled by the format ffprobe reads, and the codec must be the one named.
 */
const WEAKLY_SNIFFED = new Set(['mp3', 'mp2', 'mp1', 'aac']);
const PROBED_AUDIO: Readonly<Record<string, { container: AudioContainer; codec: string }>> = {
  mp3: { container: 'mp3', codec: 'mp3' },
  aac: { container: 'aac', codec: 'aac' },
};

const AUDIO: Readonly<Record<AudioContainer, DetectedMedia>> = {
  mp3: { kind: 'audio', format: 'mp3', mimeType: 'audio/mpeg' },
  aac: { kind: 'audio', format: 'aac', mimeType: 'audio/aac' },
  wav: { kind: 'audio', format: 'wav', mimeType: 'audio/wav' },
  flac: { kind: 'audio', format: 'flac', mimeType: 'audio/flac' },
  ogg: { kind: 'audio', format: 'ogg', mimeType: 'audio/ogg' },
};

const VIDEO: Readonly<Record<VideoContainer, DetectedMedia>> = {
  mp4: { kind: 'video', format: 'mp4', mimeType: 'video/mp4' },
  mov: { kind: 'video', format: 'mov', mimeType: 'video/quicktime' },
  avi: { kind: 'video', format: 'avi', mimeType: 'video/x-msvideo' },
  mkv: { kind: 'video', format: 'mkv', mimeType: 'video/x-matroska' },
  webm: { kind: 'video', format: 'webm', mimeType: 'video/webm' },
};

/**
 * A video container holding audio only is audio. MP4 is then M4A; Matroska and WebM have audio types of their own;
 * QuickTime and AVI have none, so they keep their video type (as the upload check does for declared types).
 */
const AUDIO_ONLY_IN: Readonly<Record<VideoContainer, DetectedMedia>> = {
  mp4: { kind: 'audio', format: 'm4a', mimeType: 'audio/mp4' },
  mov: { kind: 'audio', format: 'mov', mimeType: 'video/quicktime' },
  avi: { kind: 'audio', format: 'avi', mimeType: 'video/x-msvideo' },
  mkv: { kind: 'audio', format: 'mkv', mimeType: 'audio/x-matroska' },
  webm: { kind: 'audio', format: 'webm', mimeType: 'audio/webm' },
};

/**
 * The kind and format of a local file from its bytes alone, never its name: magic numbers first (file-type), then
 * ffprobe for the streams (a video container with only audio is audio; attached cover art is not video) and for
 * formats without a strong magic number. Null when it is none of the accepted formats, or ffprobe cannot read
 * the audio or video it claims to be. Images are judged by their magic numbers only; reading the pixels is the
 * image step's job.
 */
export async function detectMediaKind(
  path: string,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<DetectedMedia | null> {
  return (await detectAndProbeMedia(path, binaries)).detected;
}

/**
 * {@link detectMediaKind}, with the ffprobe reading it was decided from (duration, bitrate, size; null for an image
 * or a file ffprobe was not asked about), for a caller that needs both without running ffprobe twice.
 */
export async function detectAndProbeMedia(
  path: string,
  binaries: FfmpegBinaries = defaultFfmpegBinaries(),
): Promise<{ detected: DetectedMedia | null; probe: DetailedMediaProbe | null }> {
  const sniffed = await fileTypeFromFile(path);
  const image = sniffed ? IMAGES[sniffed.ext] : undefined;
  if (image) return { detected: image, probe: null };
  const sniffedContainer = sniffed ? CONTAINERS[sniffed.ext] : undefined;
  if (sniffed && !sniffedContainer && !WEAKLY_SNIFFED.has(sniffed.ext))
    return { detected: null, probe: null };

  const probe = await probeByContent(binaries, path);
  if (!probe) return { detected: null, probe: null };
  if (sniffedContainer) return { detected: byStreams(sniffedContainer, probe), probe };
  const probed = PROBED_AUDIO[probe.formatName];
  return {
    detected: probed && probe.audio?.codec === probed.codec ? AUDIO[probed.container] : null,
    probe,
  };
}

function byStreams(
  container: AudioContainer | VideoContainer,
  probe: DetailedMediaProbe,
): DetectedMedia | null {
  switch (container) {
    case 'mp3':
    case 'aac':
    case 'wav':
    case 'flac':
    case 'ogg':
      return probe.audio && !probe.video ? AUDIO[container] : null;
    case 'mp4':
    case 'mov':
    case 'avi':
    case 'mkv':
    case 'webm':
      if (probe.video) return VIDEO[container];
      return probe.audio ? AUDIO_ONLY_IN[container] : null;
  }
}
