import { z } from 'zod';
import { podcastMediumSchema } from '../catalog/podcast.js';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { feedValidationReportSchema } from './feed-validation.js';
import { feedVariantSuffix, MAIN_FEED, type FeedVariant } from './feed-variants.js';

/** Every feed address of a podcast (spec 2 §3 "RSS status" rssUrls), each with the private token when it needs one. */
export const feedUrlsSchema = z.object({
  main: z.string(),
  recent: z.string(),
  preview: z.string(),
  /** Archive page 1 first; empty at 300 feed episodes or fewer. */
  archives: z.array(z.string()),
  /** Only above 300 feed episodes. */
  full: z.string().nullable(),
});
export type FeedUrls = z.infer<typeof feedUrlsSchema>;

/**
 * A podcast's RSS status, kept on the server (spec 2 §3 and §4 "RSS needs-update flag"). `needsUpdate` is true while a
 * change of the podcast or of an episode in its feed is newer than the last generation (a regeneration is pending or
 * failed). `url`/`generatedAt` are the spec's rssUrl/lastGenerated.
 */
export const feedStatusSchema = z.object({
  podcastId: z.uuid(),
  /** The main feed (rssUrl). */
  url: z.string(),
  urls: feedUrlsSchema,
  /** Items in the main feed. */
  episodeCount: z.number().int().nonnegative(),
  /** Published episodes with RSS enabled: every variant together. */
  feedEpisodeCount: z.number().int().nonnegative(),
  /** lastGenerated. */
  generatedAt: z.iso.datetime(),
  /** The newest change of the podcast or of its episodes the feeds service has heard of. */
  metadataUpdatedAt: z.iso.datetime(),
  needsUpdate: z.boolean(),
  /** The main feed's size in bytes, and the spec's size check of it (5 MB warns, 10 MB is an error). */
  sizeBytes: z.number().int().nonnegative(),
  sizeProblem: z.enum(['warning', 'error']).nullable(),
  /**
   * The generator's own validation report (spec 2 §5 "Feed generator validation") of the last generation: the main
   * feed's checks, plus the full feed's size and item count when there is one. What Castbase wrote, not what a podcast
   * app fetched (that is the feed test). Null only for a feed generated before the report existed, until its next
   * generation (which the upgrade asks for).
   */
  validation: feedValidationReportSchema.nullable(),
  /** A private podcast: every URL above carries the token. */
  private: z.boolean(),
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

/** Which kind of client asked for a feed: the app or directory from the User-Agent, or a bot. */
export const feedRequestSchema = z.object({
  podcastId: z.uuid(),
  /** 'main', 'recent', 'preview', 'full', 'archive-N' (feedVariantKey). */
  variant: z.string(),
  at: z.iso.datetime(),
  status: z.number().int(),
  /** Body bytes sent (0 for a 304 or a HEAD). */
  bytes: z.number().int().nonnegative(),
  /** 'br', 'gzip' or 'identity'. */
  encoding: z.string(),
  /** Answered from this process's memory without reading the database. */
  cacheHit: z.boolean(),
  userAgent: z.string(),
  /** The client's address as the proxy chain gives it; analytics derives the country and forgets it. */
  ip: z.string(),
});
export type FeedRequest = z.infer<typeof feedRequestSchema>;

export const feedsEvents = {
  feedRegenerated: defineEvent(
    'feeds.feed.regenerated',
    z.object({
      podcastId: z.uuid(),
      ownerId: z.string(),
      url: z.string(),
      episodeCount: z.number().int(),
      generatedAt: z.iso.datetime(),
      /** Whether any variant's bytes changed (a regeneration that changes nothing is not news to WebSub or Podping). */
      changed: z.boolean().default(true),
      /** A private podcast's feeds are never announced. */
      private: z.boolean().default(false),
      /** The public URLs (without any token) of the variants whose bytes changed. */
      changedUrls: z.array(z.string()).default([]),
      /** The podcast's podcast:medium, told to Podping (which defaults to 'podcast' without it). */
      medium: podcastMediumSchema.optional(),
    }),
  ),
  /**
   * Feed requests, batched: the serving path only queues them, and a timer publishes a batch (at most once a second
   * or every 500 requests), so no response waits for the bus. For the Analytics issue's feed request logs.
   */
  feedsRequested: defineEvent(
    'feeds.feed.requested',
    z.object({ requests: z.array(feedRequestSchema).min(1) }),
  ),
} as const;

/**
 * Public path of a podcast's feed: /feeds/{username}/{slug}{suffix}.xml. Slugs are unique per owner only, so an owner
 * without a username gets /feeds/podcast/{podcastId}{suffix}.xml, which no other podcast can share. A private
 * podcast's token goes in the `token` query parameter.
 */
export function feedPath(
  podcast: { id: string; ownerUsername: string | null; slug: string },
  variant: FeedVariant = MAIN_FEED,
  token?: string | null,
): string {
  const suffix = feedVariantSuffix(variant);
  const path = podcast.ownerUsername
    ? `/feeds/${encodeURIComponent(podcast.ownerUsername)}/${encodeURIComponent(podcast.slug)}${suffix}.xml`
    : `/feeds/podcast/${podcast.id}${suffix}.xml`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}
