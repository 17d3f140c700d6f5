import { z } from 'zod';
import { mediaIdSchema } from '../media/media.js';

export const episodeStatusSchema = z.enum(['draft', 'scheduled', 'published']);
export const episodeTypeSchema = z.enum(['full', 'trailer', 'bonus']);

export const createEpisodeInputSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(255, 'Title must be 255 characters or less'),
  description: z.string().trim().max(10000, 'Description must be 10000 characters or less').default(''),
  mediaId: mediaIdSchema.optional(),
  episodeType: episodeTypeSchema.default('full'),
  explicit: z.boolean().default(false),
  seasonNumber: z.number().int().positive().optional(),
  episodeNumber: z.number().int().positive().optional(),
});
export type CreateEpisodeInput = z.input<typeof createEpisodeInputSchema>;

/**
 * The media an episode serves, as the catalog keeps it and tells other services: copied from the media service when
 * attached, with its storage key (never a URL, which would go stale).
 */
export const storedEpisodeMediaSchema = z.object({
  mediaId: z.uuid(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  durationSeconds: z.number().int().nonnegative(),
  storageKey: z.string(),
});
export type StoredEpisodeMedia = z.infer<typeof storedEpisodeMediaSchema>;

/** The media of an episode as it is read: with its URL, made from the key. */
export const episodeMediaSchema = storedEpisodeMediaSchema.extend({ url: z.string() });
export type EpisodeMedia = z.infer<typeof episodeMediaSchema>;

export const episodeSchema = z.object({
  id: z.uuid(),
  podcastId: z.uuid(),
  ownerId: z.string(),
  title: z.string(),
  description: z.string(),
  status: episodeStatusSchema,
  episodeType: episodeTypeSchema,
  explicit: z.boolean(),
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  guid: z.string(),
  media: episodeMediaSchema.nullable(),
  publishDate: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Episode = z.infer<typeof episodeSchema>;
