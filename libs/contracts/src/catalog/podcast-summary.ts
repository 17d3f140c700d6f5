import { z } from 'zod';
import { podcastRoleSchema } from './roles.js';

// The podcast list's view, apart from the whole podcast (podcast.ts) so the app shell, which lists the signed-in
// user's podcasts on every screen, does not load every podcast field's schema and rules.

export const podcastVisibilitySchema = z.enum(['public', 'private']);
export const podcastTypeSchema = z.enum(['episodic', 'serial']);

/** The list view the podcast switcher uses: the fields of `podcastSchema` it shows. */
export const podcastSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  visibility: podcastVisibilitySchema,
  type: podcastTypeSchema,
  artworkUrl: z.string().nullable(),
  role: podcastRoleSchema,
});
export type PodcastSummary = z.infer<typeof podcastSummarySchema>;
