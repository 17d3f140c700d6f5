import { z } from 'zod';
import { defineEvent, defineRequest } from '../messaging/definitions.js';

/** 500 MB, the media picker limit of spec 1 §9. */
export const MEDIA_MAX_BYTES = 524_288_000;

export const AUDIO_MIME_TYPES = [
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/wav',
  'audio/x-wav',
  'audio/ogg',
  'audio/flac',
] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
export function isImageMimeType(mimeType: string): mimeType is ImageMimeType {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(mimeType);
}
/** Spec 1 §5's shared image rule (the stricter of the spec's readings; see docs/media.md). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** 'Image file must be less than 10MB': a file of exactly 10 MB is refused too. */
export function isImageTooLarge(sizeBytes: number): boolean {
  return sizeBytes >= IMAGE_MAX_BYTES;
}
export const imageMessages = {
  typeNotAllowed: 'Please upload a valid image file (JPEG, PNG, WebP, or GIF)',
  tooLarge: 'Image file must be less than 10MB',
  /** The drop-zone's line under its prompt: what it accepts. */
  accepted: 'JPEG, PNG, WebP or GIF, up to 10MB',
  dropPrompt: 'Drag an image here or click to choose a file',
  uploading: 'Uploading...',
  remove: 'Remove',
} as const;

/** Spec 1 §8 "Storage and upload": how a failed upload reads. */
export const uploadMessages = {
  failed: 'Upload failed',
  failedWithStatus: (status: number) => `Upload failed with status ${status}`,
  requestFailed: 'Upload request failed',
  aborted: 'Upload was aborted',
} as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;

export const mediaKindSchema = z.enum(['audio', 'video', 'image']);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** The id of a stored media file, as the inputs that refer to one take it. */
export const mediaIdSchema = z.uuid('Media id must be a valid id');

export function mediaKindOf(mimeType: string): MediaKind | null {
  if (isImageMimeType(mimeType)) return 'image';
  if ((VIDEO_MIME_TYPES as readonly string[]).includes(mimeType)) return 'video';
  if ((AUDIO_MIME_TYPES as readonly string[]).includes(mimeType)) return 'audio';
  return null;
}

export const createUploadInputSchema = z
  .object({
    fileName: z
      .string()
      .trim()
      .min(1, 'File name is required')
      .max(255, 'File name must be 255 characters or less'),
    /** Checked below, so that an image picker can answer a wrong type with the image message. */
    contentType: z.string(),
    sizeBytes: z
      .number()
      .int()
      .positive('The file is empty')
      .max(MEDIA_MAX_BYTES, 'File is too large. The maximum size is 500 MB.'),
    /** Set by image pickers: a file of another type is refused with the image message. */
    expect: mediaKindSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const kind = mediaKindOf(input.contentType);
    if (input.expect === 'image' && kind !== 'image') {
      ctx.addIssue({ code: 'custom', path: ['contentType'], message: imageMessages.typeNotAllowed });
    } else if (kind === null) {
      ctx.addIssue({ code: 'custom', path: ['contentType'], message: 'This file type is not supported' });
    }
    if (kind === 'image' && isImageTooLarge(input.sizeBytes)) {
      ctx.addIssue({ code: 'custom', path: ['sizeBytes'], message: imageMessages.tooLarge });
    }
  });
export type CreateUploadInput = z.input<typeof createUploadInputSchema>;

export const uploadTicketSchema = z.object({
  uploadId: z.uuid(),
  method: z.literal('PUT'),
  uploadUrl: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.iso.datetime(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const mediaFileSchema = z.object({
  id: z.uuid(),
  ownerId: z.string(),
  kind: mediaKindSchema,
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  durationSeconds: z.number().int().nonnegative(),
  bitrate: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  url: z.string(),
  createdAt: z.iso.datetime(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

const owner = { ownerId: z.string().min(1) };

export const mediaRequests = {
  createUpload: defineRequest(
    'media.upload.create',
    z.object({ ...owner, input: createUploadInputSchema }),
    uploadTicketSchema,
  ),
  completeUpload: defineRequest(
    'media.upload.complete',
    z.object({ ...owner, uploadId: z.uuid() }),
    mediaFileSchema,
  ),
  getFile: defineRequest('media.file.get', z.object({ ...owner, mediaId: z.uuid() }), mediaFileSchema),
  /** Removes a file and its stored object (avatar/logo removal, onboarding exit). */
  deleteFile: defineRequest(
    'media.file.delete',
    z.object({ ...owner, mediaId: z.uuid() }),
    z.object({ deleted: z.boolean() }),
  ),
} as const;

export const mediaEvents = {
  fileStored: defineEvent(
    'media.file.stored',
    z.object({ mediaId: z.uuid(), ownerId: z.string(), kind: mediaKindSchema }),
  ),
} as const;
