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
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const MEDIA_MIME_TYPES = [...AUDIO_MIME_TYPES, ...VIDEO_MIME_TYPES] as const;

export const mediaKindSchema = z.enum(['audio', 'video']);

export const createUploadInputSchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'File name is required')
    .max(255, 'File name must be 255 characters or less'),
  contentType: z.enum(MEDIA_MIME_TYPES, { error: 'This file type is not supported' }),
  sizeBytes: z
    .number()
    .int()
    .positive('The file is empty')
    .max(MEDIA_MAX_BYTES, 'File is too large. The maximum size is 500 MB.'),
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
} as const;

export const mediaEvents = {
  fileStored: defineEvent(
    'media.file.stored',
    z.object({ mediaId: z.uuid(), ownerId: z.string(), kind: mediaKindSchema }),
  ),
} as const;
