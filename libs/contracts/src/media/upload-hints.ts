import { imageMessages } from './image-messages.js';
import { acceptedKinds, maxBytesFor, MEDIA_FORMATS, type UploadPurpose } from './upload-rules.js';

const MB = 1024 * 1024;

/** A size limit as the pickers write it: 500 MB, 2 GB, 10 MB (binary units, as the limits are). */
function formatLimit(bytes: number): string {
  return bytes >= 1024 * MB ? `${Math.round(bytes / (1024 * MB))} GB` : `${Math.round(bytes / MB)} MB`;
}

/** What a drop-zone for `purpose` asks for. */
export function dropPrompt(purpose: UploadPurpose): string {
  switch (purpose) {
    case 'episode-media':
      return 'Drag an audio or video file here or click to choose a file';
    case 'transcript':
      return 'Drag a transcript file here or click to choose a file';
    case 'avatar':
    case 'podcast-art':
    case 'episode-art':
    case 'chapter-image':
      return imageMessages.dropPrompt;
  }
}

/**
 * A drop-zone's line of accepted formats and sizes (spec 1 §2): the spec's words for the 50 MB image pickers, else
 * made from the same rules the upload is checked against.
 */
export function acceptedFilesHint(purpose: UploadPurpose): string {
  if (purpose === 'avatar' || purpose === 'podcast-art' || purpose === 'episode-art')
    return imageMessages.accepted;
  return acceptedKinds(purpose)
    .map(
      (kind) =>
        `${MEDIA_FORMATS[kind].map((format) => format.toUpperCase()).join(', ')}, up to ${formatLimit(maxBytesFor(purpose, kind))}`,
    )
    .join('; ');
}
