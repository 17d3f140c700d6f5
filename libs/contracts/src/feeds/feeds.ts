import { z } from 'zod';
import { defineEvent, defineRequest } from '../messaging/definitions.js';

export const feedStatusSchema = z.object({
  podcastId: z.uuid(),
  url: z.string(),
  episodeCount: z.number().int().nonnegative(),
  generatedAt: z.iso.datetime(),
});
export type FeedStatus = z.infer<typeof feedStatusSchema>;

export const feedsRequests = {
  generateFeed: defineRequest(
    'feeds.feed.generate',
    z.object({ ownerId: z.string().min(1), podcastId: z.uuid() }),
    feedStatusSchema,
  ),
  getFeedStatus: defineRequest(
    'feeds.feed.get',
    z.object({ ownerId: z.string().min(1), podcastId: z.uuid() }),
    feedStatusSchema,
  ),
} as const;

export const feedsEvents = {
  feedRegenerated: defineEvent(
    'feeds.feed.regenerated',
    z.object({
      podcastId: z.uuid(),
      ownerId: z.string(),
      url: z.string(),
      episodeCount: z.number().int(),
      generatedAt: z.iso.datetime(),
    }),
  ),
} as const;

/**
 * Public path of a podcast's main feed: /feeds/{username}/{slug}.xml. Slugs are unique per owner only, so an owner
 * without a username gets /feeds/podcast/{podcastId}.xml, which no other podcast can share.
 */
export function feedPath(podcast: { id: string; ownerUsername: string | null; slug: string }): string {
  return podcast.ownerUsername
    ? `/feeds/${encodeURIComponent(podcast.ownerUsername)}/${encodeURIComponent(podcast.slug)}.xml`
    : `/feeds/podcast/${podcast.id}.xml`;
}
