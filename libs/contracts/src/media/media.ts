import { z } from 'zod';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { uploadPurposeSchema } from './upload-rules.js';

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export function isImageMimeType(mimeType: string): mimeType is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType);
}
export { imageMessages } from './image-messages.js';

/** Spec 1 §8 "Storage and upload", and the resumable upload's own states. */
export const uploadMessages = {
  failed: 'Upload failed',
  failedWithStatus: (status: number) => `Upload failed with status ${status}`,
  requestFailed: 'Upload request failed',
  aborted: 'Upload was aborted',
  paused: 'Paused',
  resumed: 'Resuming where the upload stopped',
  processing: 'Processing...',
  processingFailed: 'Processing failed',
} as const;

/** `text`: a transcript or captions file (VTT, SRT, JSON, TXT), stored as it is. */
export const mediaKindSchema = z.enum(['audio', 'video', 'image', 'text']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

export { mediaIdSchema } from './media-id.js';

/** The podcast norm the creator's loudness is shown beside (EBU R128 as podcast platforms apply it). */
export const PODCAST_LOUDNESS_NORM = { integratedLufs: -16, truePeakDbtp: -1 } as const;

export const loudnessSchema = z.object({
  integratedLufs: z.number(),
  truePeakDbtp: z.number(),
  loudnessRangeLu: z.number(),
});
export type Loudness = z.infer<typeof loudnessSchema>;

export const processingJobTypeSchema = z.enum([
  'process-audio',
  'process-image',
  'process-video',
  'video-trim',
  'video-export',
  'video-short',
  /** Writes an episode's title and chapters (ID3 CHAP/CTOC) into its own copy of the published MP3. */
  'tag-episode-audio',
]);
export type ProcessingJobType = z.infer<typeof processingJobTypeSchema>;

export const processingJobSchema = z.object({
  id: z.uuid(),
  type: processingJobTypeSchema,
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  /** 0 to 1. */
  progress: z.number().min(0).max(1),
  /** What the job is doing now, for the progress line ('Measuring loudness', 'Transcoding'). */
  step: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  /** Why the job failed for good (its dead-letter reason), shown to the creator. */
  error: z.string().nullable(),
  /** Parameters of a video job (trim range, preset). */
  params: z.record(z.string(), z.unknown()).nullable(),
  updatedAt: z.iso.datetime(),
});
export type ProcessingJob = z.infer<typeof processingJobSchema>;

/** A file derived from an upload: the published MP3, peaks, an image variant, a video export. */
export const mediaOutputSchema = z.object({
  /** 'published', 'peaks', 'thumbnail', 'compressed', 'variant-1400', 'export-720p', 'trim-{job}', 'short-{job}' */
  role: z.string(),
  url: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bitrate: z.number().int().nullable(),
  durationSeconds: z.number().int().nullable(),
  /** The video job that made it, for exports. */
  jobId: z.uuid().nullable(),
});
export type MediaOutput = z.infer<typeof mediaOutputSchema>;

export const mediaStatusSchema = z.enum(['processing', 'ready', 'failed']);
export type MediaStatus = z.infer<typeof mediaStatusSchema>;

export const mediaFileSchema = z.object({
  id: z.uuid(),
  ownerId: z.string(),
  purpose: uploadPurposeSchema,
  podcastId: z.uuid().nullable(),
  kind: mediaKindSchema,
  /** Detected from the bytes: 'mp3', 'wav', 'png', 'mp4', ... */
  format: z.string(),
  status: mediaStatusSchema,
  fileName: z.string(),
  /** Type and size of the file at `url` (the published one once ready). */
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  durationSeconds: z.number().int().nonnegative(),
  bitrate: z.number().int().nullable(),
  codec: z.string().nullable(),
  sampleRate: z.number().int().nullable(),
  channels: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  loudness: loudnessSchema.nullable(),
  /** The file podcast apps and pages use: the processed one once ready (the published MP3, the largest variant). */
  url: z.string(),
  /**
   * The storage key of the file at `url`: what another service keeps, making the URL from it when it reads
   * (`ObjectStorage.publicUrl`), so a change of `PUBLIC_URL` or `S3_PUBLIC_URL` leaves nothing stale.
   */
  storageKey: z.string(),
  outputs: z.array(mediaOutputSchema),
  jobs: z.array(processingJobSchema),
  createdAt: z.iso.datetime(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** The processing fields of a file that is ready and has no outputs: what doubles of the media service answer. */
export const READY_WITHOUT_OUTPUTS = {
  status: 'ready',
  codec: null,
  sampleRate: null,
  channels: null,
  loudness: null,
  outputs: [],
  jobs: [],
} as const satisfies Partial<MediaFile>;

/** Why a video render is refused before it is queued. */
export const videoRenderMessages = {
  notVideo: 'Only a video can be trimmed, exported or made into a short',
  notReady: 'The video is still being processed. Try again when it is ready.',
  startPastEnd: 'The start is past the end of the video',
} as const;

/** What a creator can render from a stored video (spec 2 "Videos page"); each makes a downloadable file. */
export const videoRenderSchema = z.discriminatedUnion('operation', [
  z
    .object({
      operation: z.literal('trim'),
      startSeconds: z.number().nonnegative(),
      endSeconds: z.number().positive(),
    })
    .refine((trim) => trim.endSeconds > trim.startSeconds, {
      message: 'Trim end must be greater than trim start',
      path: ['endSeconds'],
    }),
  z.object({ operation: z.literal('export'), preset: z.enum(['1080p', '720p', '540p', 'audio-only']) }),
  z.object({
    operation: z.literal('short'),
    startSeconds: z.number().nonnegative().default(0),
    durationSeconds: z.number().positive().max(60, 'A short is at most 60 seconds').default(60),
  }),
]);
export type VideoRender = z.input<typeof videoRenderSchema>;

const owner = { ownerId: z.string().min(1) };

export const mediaRequests = {
  getFile: defineRequest('media.file.get', z.object({ ...owner, mediaId: z.uuid() }), mediaFileSchema),
  /** Removes a file and its stored object (avatar/logo removal, onboarding exit). */
  deleteFile: defineRequest(
    'media.file.delete',
    z.object({ ...owner, mediaId: z.uuid() }),
    z.object({ deleted: z.boolean() }),
  ),
  /** Starts a video job (trim, export preset, short); the file it makes appears in the media file's outputs. */
  renderVideo: defineRequest(
    'media.video.render',
    z.object({ ...owner, mediaId: z.uuid(), render: videoRenderSchema }),
    processingJobSchema,
  ),
  /** Runs a failed job again from the start (the creator's Retry on a dead-letter record). */
  retryJob: defineRequest(
    'media.job.retry',
    z.object({ ...owner, mediaId: z.uuid(), jobId: z.uuid() }),
    processingJobSchema,
  ),
} as const;

export const mediaEvents = {
  fileStored: defineEvent(
    'media.file.stored',
    z.object({ mediaId: z.uuid(), ownerId: z.string(), kind: mediaKindSchema }),
  ),
  /**
   * A processing job to run (media's own work queue: written with the job in the same transaction, consumed by
   * one media replica, retried with backoff, dead-lettered on the job row).
   */
  jobRequested: defineEvent('media.job.requested', z.object({ jobId: z.uuid(), mediaId: z.uuid() })),
  /** Processing ended: `ready` (the published file and its outputs exist) or `failed` (the reason is on its job). */
  fileProcessed: defineEvent(
    'media.file.processed',
    z.object({ mediaId: z.uuid(), ownerId: z.string(), kind: mediaKindSchema, status: mediaStatusSchema }),
  ),
  /**
   * An episode's MP3 was tagged again (its title and chapters as ID3 frames): the episode's own copy of the published
   * file is now at `storageKey`, `sizeBytes` long. The catalog keeps it as the episode's media (the feed's enclosure).
   * `taggedAt` is when the catalog made the change the new tag holds.
   */
  episodeAudioTagged: defineEvent(
    'media.episode-audio.tagged',
    z.object({
      episodeId: z.uuid(),
      mediaId: z.uuid(),
      storageKey: z.string().min(1),
      sizeBytes: z.number().int().nonnegative(),
      taggedAt: z.iso.datetime(),
    }),
  ),
} as const;
