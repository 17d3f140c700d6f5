import { isImageMimeType, type ErrorCode, type ImageMimeType, type MediaKind } from '@castbase/contracts';
import type { MediaProbe } from '@castbase/platform-ffmpeg';

export type ProbeVerdict =
  | {
      readable: true;
      kind: MediaKind;
      durationSeconds: number;
      bitrate: number | null;
      width: number | null;
      height: number | null;
    }
  | {
      readable: false;
      code: Extract<ErrorCode, 'MEDIA_UNREADABLE' | 'IMAGE_TYPE_NOT_ALLOWED'>;
      reason: string;
    };

/**
 * The ffprobe formats each image type is read as. The probed copy has no file extension, so ffprobe names the
 * format from the content alone: these names are the content sniffing of image uploads.
 */
const IMAGE_FORMATS: Readonly<Record<ImageMimeType, readonly string[]>> = {
  'image/jpeg': ['jpeg_pipe', 'mjpeg'],
  'image/png': ['png_pipe', 'apng'],
  'image/webp': ['webp_pipe'],
  'image/gif': ['gif'],
};
const ANY_IMAGE_FORMAT = new Set(Object.values(IMAGE_FORMATS).flat());

/**
 * Whether a probed upload is a file Castbase can serve, given the type the client declared. `probe` is `null`
 * when ffprobe could not open the file at all. Images must be of the declared image type; for audio and video the
 * kind comes from the streams, not the declared type: a picture stream other than cover art makes it video.
 */
export function judgeProbe(declaredContentType: string, probe: MediaProbe | null): ProbeVerdict {
  if (!probe) return unreadable('ffprobe could not read the file');
  return isImageMimeType(declaredContentType)
    ? judgeImage(declaredContentType, probe)
    : judgeAudioOrVideo(declaredContentType, probe);
}

function judgeImage(declaredContentType: ImageMimeType, probe: MediaProbe): ProbeVerdict {
  if (!IMAGE_FORMATS[declaredContentType].includes(probe.formatName)) {
    return {
      readable: false,
      code: 'IMAGE_TYPE_NOT_ALLOWED',
      reason: `the file was declared as ${declaredContentType} but its content is ${probe.formatName}`,
    };
  }
  if (!probe.hasVideo || !probe.width || !probe.height) return unreadable('the image has no picture in it');
  return {
    readable: true,
    kind: 'image',
    durationSeconds: 0,
    bitrate: null,
    width: probe.width,
    height: probe.height,
  };
}

function judgeAudioOrVideo(declaredContentType: string, probe: MediaProbe): ProbeVerdict {
  if (ANY_IMAGE_FORMAT.has(probe.formatName)) return unreadable('the file is an image, not audio or video');
  if (!probe.hasAudio && !probe.hasVideo) return unreadable('the file has no audio or video stream');
  if (declaredContentType.startsWith('audio/') && !probe.hasAudio) {
    return unreadable(`the file was declared as ${declaredContentType} but has no audio stream`);
  }
  return {
    readable: true,
    kind: probe.hasVideo ? 'video' : 'audio',
    durationSeconds: Math.round(probe.durationSeconds),
    bitrate: probe.bitrate,
    width: probe.hasVideo ? probe.width : null,
    height: probe.hasVideo ? probe.height : null,
  };
}

function unreadable(reason: string): ProbeVerdict {
  return { readable: false, code: 'MEDIA_UNREADABLE', reason };
}
