import { z } from 'zod';
import type { MediaKind } from './media.js';

/**
 * The rules an upload is held to before a byte is sent (in the browser, from the file's name, type and size)
 * and again on the server (from the tus creation request, then from the bytes themselves). Spec 1 §5, §9 and
 * spec 2 §5 "Shared episode rules"; the choices between the spec's readings are in docs/media.md.
 */

/** Where the tus endpoint lives, relative to the site (the gateway's `/api`). */
export const MEDIA_UPLOAD_PATH = '/api/media/uploads';

/**
 * Spec 1 §9 "Chunked upload": 5 MB parts. An upload's URL ends in its id, which is also the id of the media file it
 * becomes.
 */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;

const MB = 1024 * 1024;

/** What a file is uploaded for; it decides which kinds are accepted and what processing follows. */
export const uploadPurposeSchema = z.enum([
  'avatar',
  'podcast-art',
  'episode-media',
  'episode-art',
  'chapter-image',
  /** An episode's transcript or captions file (`text`), uploadable before the episode exists. */
  'transcript',
]);
export type UploadPurpose = z.infer<typeof uploadPurposeSchema>;

/** The formats of each kind, as detected from the bytes (never from the name or the declared type). */
export const MEDIA_FORMATS = {
  audio: ['mp3', 'wav', 'm4a', 'aac', 'flac', 'ogg'],
  video: ['mp4', 'mov', 'avi', 'mkv', 'webm'],
  image: ['jpeg', 'png', 'webp', 'gif'],
  text: ['vtt', 'srt', 'json', 'txt'],
} as const satisfies Record<MediaKind, readonly string[]>;
export type MediaFormat = (typeof MEDIA_FORMATS)[MediaKind][number];

/** File name extensions a picker offers for each kind; the server still decides the kind from the bytes. */
export const MEDIA_EXTENSIONS = {
  audio: ['.mp3', '.wav', '.m4a', '.aac', '.flac', '.ogg', '.oga', '.opus'],
  video: ['.mp4', '.m4v', '.mov', '.avi', '.mkv', '.webm'],
  image: ['.jpg', '.jpeg', '.png', '.webp', '.gif'],
  text: ['.vtt', '.srt', '.json', '.txt'],
} as const satisfies Record<MediaKind, readonly string[]>;

/** Declared MIME types a picker recognises for each kind (browsers name some formats differently). */
export const DECLARED_MIME_TYPES = {
  audio: [
    'audio/mpeg',
    'audio/mp3',
    'audio/mp4',
    'audio/x-m4a',
    'audio/m4a',
    'audio/aac',
    'audio/wav',
    'audio/x-wav',
    'audio/wave',
    'audio/vnd.wave',
    'audio/ogg',
    'audio/opus',
    'audio/flac',
    'audio/x-flac',
  ],
  video: ['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/avi', 'video/x-matroska', 'video/webm'],
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  text: ['text/vtt', 'application/x-subrip', 'application/srt', 'text/srt', 'application/json', 'text/plain'],
} as const satisfies Record<MediaKind, readonly string[]>;

/**
 * Largest accepted file of each kind: audio 500 MB (524288000 bytes), video 2 GB, images 50 MB (compressed above
 * 10 MB), transcripts 20 MB (a three-hour episode's word-timed JSON stays well under it).
 */
export const MEDIA_MAX_BYTES_BY_KIND = {
  audio: 524_288_000,
  video: 2 * 1024 * MB,
  image: 50 * MB,
  text: 20 * MB,
} as const satisfies Record<MediaKind, number>;

/** Images above this are compressed to at most 3000x3000 at quality 0.8 (spec 1 §7). */
export const IMAGE_COMPRESS_ABOVE_BYTES = 10 * MB;

/** Chapter images keep the spec's own limit (spec 2 §5: 10485760 bytes). */
export const CHAPTER_IMAGE_MAX_BYTES = 10_485_760;

/** The spec's wording for every refusal, by kind. */
export const mediaRuleMessages = {
  audio: {
    missing: 'Please select an audio file',
    invalid: 'Please upload a valid audio file (MP3, WAV, M4A, AAC, FLAC, OGG)',
    tooLarge: 'Audio file must be less than 500MB',
  },
  video: {
    invalid: 'Please upload a valid video file (MP4, MOV, AVI, MKV, WebM)',
    tooLarge: 'Video file must be less than 2GB',
  },
  image: {
    invalid: 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
    tooLarge: 'Image must be less than 50MB (large images will be automatically compressed)',
    chapterTooLarge: 'Image file must be less than 10MB',
  },
  text: {
    invalid: 'Invalid file type. Please upload VTT, SRT, JSON, or TXT files.',
    tooLarge: 'Transcript file must be less than 20MB',
  },
  media: {
    missing: 'Please select a media file',
    unsupported: 'Unsupported file type. Please upload audio or video.',
  },
  empty: 'The file is empty',
  fileName: 'File name must be 255 characters or less',
} as const;

/** The kinds a purpose accepts. */
export function acceptedKinds(purpose: UploadPurpose): readonly MediaKind[] {
  switch (purpose) {
    case 'episode-media':
      return ['audio', 'video'];
    case 'transcript':
      return ['text'];
    case 'avatar':
    case 'podcast-art':
    case 'episode-art':
    case 'chapter-image':
      return ['image'];
  }
}

/** What a picker for `purpose` offers in its `accept` attribute. */
export function acceptAttribute(purpose: UploadPurpose): string {
  return acceptedKinds(purpose)
    .flatMap((kind) => [...DECLARED_MIME_TYPES[kind], ...MEDIA_EXTENSIONS[kind]])
    .join(',');
}

const MEDIA_KINDS = ['audio', 'video', 'image', 'text'] as const satisfies readonly MediaKind[];

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** The kind a file claims to be by its declared type, else its name; null when neither names an accepted format. */
export function declaredKindOf(file: { name: string; type: string }): MediaKind | null {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  const extension = extensionOf(file.name);
  for (const kind of MEDIA_KINDS) {
    if ((DECLARED_MIME_TYPES[kind] as readonly string[]).includes(type)) return kind;
  }
  for (const kind of MEDIA_KINDS) {
    if ((MEDIA_EXTENSIONS[kind] as readonly string[]).includes(extension)) return kind;
  }
  return null;
}

/** The message for a file of the wrong kind for `purpose`. */
export function wrongKindMessage(purpose: UploadPurpose): string {
  switch (purpose) {
    case 'episode-media':
      return mediaRuleMessages.media.unsupported;
    case 'transcript':
      return mediaRuleMessages.text.invalid;
    case 'avatar':
    case 'podcast-art':
    case 'episode-art':
    case 'chapter-image':
      return mediaRuleMessages.image.invalid;
  }
}

/** Largest file `purpose` takes for `kind`. */
export function maxBytesFor(purpose: UploadPurpose, kind: MediaKind): number {
  return purpose === 'chapter-image' ? CHAPTER_IMAGE_MAX_BYTES : MEDIA_MAX_BYTES_BY_KIND[kind];
}

/** The message for a file of `kind` over its limit. */
export function tooLargeMessage(purpose: UploadPurpose, kind: MediaKind): string {
  if (purpose === 'chapter-image') return mediaRuleMessages.image.chapterTooLarge;
  return mediaRuleMessages[kind].tooLarge;
}

export interface DeclaredFile {
  name: string;
  /** The declared MIME type; may be empty. */
  type: string;
  size: number;
}

/**
 * The message a picker shows for a file it will not send, checked from what the browser declares; null when the
 * file may be uploaded. The server applies the same rules to the tus creation request, then to the bytes.
 */
export function uploadProblem(purpose: UploadPurpose, file: DeclaredFile): string | null {
  if (file.name.length > 255) return mediaRuleMessages.fileName;
  const kind = declaredKindOf(file);
  if (kind === null || !acceptedKinds(purpose).includes(kind)) return wrongKindMessage(purpose);
  if (file.size <= 0) return mediaRuleMessages.empty;
  if (file.size > maxBytesFor(purpose, kind)) return tooLargeMessage(purpose, kind);
  return null;
}

/**
 * The message for bytes found to be `detected` (null: no accepted format) when the file was declared as
 * `declared`: a file must be what it says it is, and of a kind its purpose accepts.
 */
export function detectedKindProblem(
  purpose: UploadPurpose,
  declared: MediaKind | null,
  detected: MediaKind | null,
  sizeBytes: number,
): string | null {
  if (detected === null || !acceptedKinds(purpose).includes(detected)) {
    if (declared !== null && acceptedKinds(purpose).includes(declared) && purpose === 'episode-media') {
      return mediaRuleMessages[declared].invalid;
    }
    return wrongKindMessage(purpose);
  }
  if (declared !== null && declared !== detected) return mediaRuleMessages[declared].invalid;
  if (sizeBytes > maxBytesFor(purpose, detected)) return tooLargeMessage(purpose, detected);
  return null;
}

/** The tus `Upload-Metadata` keys Castbase reads. */
export const uploadMetadataSchema = z.object({
  filename: z.string().trim().min(1, mediaRuleMessages.media.missing).max(255, mediaRuleMessages.fileName),
  filetype: z.string().default(''),
  purpose: uploadPurposeSchema,
  /** The podcast the file is for; the caller must be allowed to write to it. Absent for avatars and onboarding art. */
  podcastId: z.uuid('Podcast id must be a valid id').optional(),
  /**
   * For episode media: the caller's episode whose media this replaces. It counts among the plan's episodes already,
   * so the episode limit does not refuse it; without it the file is for a new episode.
   */
  episodeId: z.uuid('Episode id must be a valid id').optional(),
  /** 'true': the published MP3 is normalised to the podcast norm (−16 LUFS, −1 dBTP), two-pass loudnorm. */
  normalize: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/** Plan limits (configuration; the free tier's figures are the defaults). */
export const FREE_TIER = { storageBytes: 1_000_000_000, episodes: 10 } as const;

function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000_000) return `${(bytes / 1_000_000_000).toFixed(bytes % 1_000_000_000 ? 1 : 0)} GB`;
  if (bytes >= 1_000_000) return `${Math.round(bytes / 1_000_000)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

export const planMessages = {
  storageFull: (fileBytes: number, usedBytes: number, limitBytes: number) =>
    `Not enough storage left on your plan: this file is ${formatBytes(fileBytes)} and ${formatBytes(
      Math.max(0, limitBytes - usedBytes),
    )} of your ${formatBytes(limitBytes)} is left. Delete unused media or upgrade your plan.`,
  episodesFull: (limit: number) =>
    `Your plan allows ${limit} episodes. Delete an episode or upgrade your plan to upload another.`,
} as const;
