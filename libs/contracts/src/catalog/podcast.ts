import { z } from 'zod';

export const PODCAST_NAME_MAX = 255;
export const podcastVisibilitySchema = z.enum(['public', 'private']);
export const podcastTypeSchema = z.enum(['episodic', 'serial']);
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Slug is required')
  .max(100, 'Slug must be 100 characters or less')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug can only contain letters, numbers and hyphens');

/** What a creator sends to create a podcast (more fields arrive with onboarding). */
export const createPodcastInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Podcast name is required')
    .max(PODCAST_NAME_MAX, 'Podcast name must be 255 characters or less'),
  slug: slugSchema.optional(),
  description: z.string().trim().max(4000, 'Description must be 4000 characters or less').default(''),
  language: z.string().trim().min(2).max(10).default('en'),
  category: z.string().trim().min(1).default('Technology'),
  author: z.string().trim().max(100, 'Host name must be 100 characters or less').default(''),
  explicit: z.boolean().default(false),
  type: podcastTypeSchema.default('episodic'),
  visibility: podcastVisibilitySchema.default('public'),
});
export type CreatePodcastInput = z.input<typeof createPodcastInputSchema>;

export const podcastSchema = z.object({
  id: z.uuid(),
  ownerId: z.string(),
  ownerUsername: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  language: z.string(),
  category: z.string(),
  author: z.string(),
  explicit: z.boolean(),
  type: podcastTypeSchema,
  visibility: podcastVisibilitySchema,
  artworkUrl: z.string().nullable(),
  podcastGuid: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Podcast = z.infer<typeof podcastSchema>;

/** The list view the podcast switcher uses. */
export const podcastSummarySchema = podcastSchema.pick({
  id: true,
  name: true,
  visibility: true,
  type: true,
  artworkUrl: true,
});
export type PodcastSummary = z.infer<typeof podcastSummarySchema>;
