import type { MediaProbe } from '@castbase/platform-ffmpeg';
import type { MediaKind } from '../files/media-file.entity.js';

export type ProbeVerdict =
  | { readable: true; kind: MediaKind; durationSeconds: number; bitrate: number | null }
  | { readable: false; reason: string };

/**
 * Whether a probed upload is media Castbase can serve, given the type the client declared. `probe` is
 * `null` when ffprobe could not open the file at all. The kind comes from the streams, not the declared
 * type: a picture stream other than cover art makes it video.
 */
export function judgeProbe(declaredContentType: string, probe: MediaProbe | null): ProbeVerdict {
  if (!probe) return { readable: false, reason: 'ffprobe could not read the file' };
  if (!probe.hasAudio && !probe.hasVideo)
    return { readable: false, reason: 'the file has no audio or video stream' };
  if (declaredContentType.startsWith('audio/') && !probe.hasAudio) {
    return {
      readable: false,
      reason: `the file was declared as ${declaredContentType} but has no audio stream`,
    };
  }
  return {
    readable: true,
    kind: probe.hasVideo ? 'video' : 'audio',
    durationSeconds: Math.round(probe.durationSeconds),
    bitrate: probe.bitrate,
  };
}
