import { z } from 'zod';
import { podcastMediumSchema } from '../catalog/podcast.js';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { feedAttentionPayloadSchema } from './feed-attention.js';
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
/** One feed request as analytics reads it: `expandFeedRequests` of a `feeds.feed.requested` batch. */
export interface FeedRequest {
  podcastId: string;
  /** 'main', 'recent', 'preview', 'full', 'archive-N' (feedVariantKey). */
  variant: string;
  /** ISO 8601 time, to the millisecond. */
  at: string;
  status: number;
  /** Body bytes sent (0 for a 304 or a HEAD). */
  bytes: number;
  encoding: FeedRequestEncoding;
  /** Answered from the serving process's memory without reading the database. */
  cacheHit: boolean;
  userAgent: string;
  /** The client's address as the proxy chain gives it; analytics derives the country and forgets it. */
  ip: string;
}

export const FEED_REQUEST_ENCODINGS = ['identity', 'gzip', 'br'] as const;
export type FeedRequestEncoding = (typeof FEED_REQUEST_ENCODINGS)[number];

/** A request of a batch: [feed index, client index, ms after startedAt, status, body bytes, encoding index, cache hit 0|1]. */
export type FeedRequestTuple = [number, number, number, number, number, number, 0 | 1];

/** Six non-negative (safe) integers and a 0 or 1. */
function isFeedRequestTuple(value: unknown): value is FeedRequestTuple {
  if (!Array.isArray(value) || value.length !== 7) return false;
  for (let index = 0; index < 6; index++) {
    const field: unknown = value[index];
    if (!Number.isSafeInteger(field) || (field as number) < 0) return false;
  }
  return value[6] === 0 || value[6] === 1;
}

/**
 * A batch of feed requests as the serving path publishes it: each feed and each client (user agent and address) is
 * written once, and a request is a row of numbers pointing at them. Podcast apps share a handful of user agents and
 * a batch holds one podcast's feeds many times over, so this is several times smaller than an object per request,
 * which keeps the serving process's garbage (and its pauses) small at tens of thousands of requests a second.
 * The requests are checked in one loop (`superRefine`), not by a zod tuple each: at 500 requests a batch, the tuples
 * took 0.7 µs per request, as much as the rest of the consumer's work on it in the all-in-one process.
 */
export const feedRequestBatchSchema = z
  .object({
    /** The first request's time; each request gives its time in milliseconds after it. */
    startedAt: z.iso.datetime(),
    feeds: z.array(z.object({ podcastId: z.uuid(), variant: z.string() })).min(1),
    clients: z.array(z.object({ userAgent: z.string(), ip: z.string() })).min(1),
    /** FeedRequestTuple each, at least one. */
    requests: z.custom<FeedRequestTuple[]>(
      (value) => Array.isArray(value) && value.length > 0,
      'Expected a list of at least one request',
    ),
  })
  .superRefine((batch, context) => {
    // Run even when another field failed: only a batch whose three lists are lists is looked into.
    if (![batch.requests, batch.feeds, batch.clients].every(Array.isArray)) return;
    batch.requests.forEach((request: unknown, index) => {
      if (!isFeedRequestTuple(request))
        context.addIssue({
          code: 'custom',
          path: ['requests', index],
          message:
            'Expected [feed, client, ms, status, bytes, encoding, cache hit]: six non-negative integers and 0 or 1',
        });
      else {
        const [feed, client, , , , encoding] = request;
        if (
          feed >= batch.feeds.length ||
          client >= batch.clients.length ||
          encoding >= FEED_REQUEST_ENCODINGS.length
        )
          context.addIssue({ code: 'custom', path: ['requests', index], message: 'Index out of range' });
      }
    });
  });
export type FeedRequestBatch = z.infer<typeof feedRequestBatchSchema>;

/** The requests of a batch, one object each. */
export function expandFeedRequests(batch: FeedRequestBatch): FeedRequest[] {
  const startedAt = Date.parse(batch.startedAt);
  return batch.requests.map(([feed, client, offsetMs, status, bytes, encoding, cacheHit]) => ({
    podcastId: batch.feeds[feed]!.podcastId,
    variant: batch.feeds[feed]!.variant,
    at: new Date(startedAt + offsetMs).toISOString(),
    status,
    bytes,
    encoding: FEED_REQUEST_ENCODINGS[encoding]!,
    cacheHit: cacheHit === 1,
    userAgent: batch.clients[client]!.userAgent,
    ip: batch.clients[client]!.ip,
  }));
}

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
   * Feed requests, batched (`feedRequestBatchSchema`; read with `expandFeedRequests`): the serving path only queues
   * them, and a timer publishes a batch (at most once a second or every 500 requests), so no response waits for the
   * bus. Analytics turns them into feed analytics.
   */
  feedsRequested: defineEvent('feeds.feed.requested', feedRequestBatchSchema),
  /**
   * Something about a podcast's feed its creators should hear of (`feedAttentionSchema`), written in the transaction of
   * the generation or of the directory status that caused it. Identity e-mails it ('RSS feed updates').
   */
  feedAttention: defineEvent('feeds.feed.flagged', feedAttentionPayloadSchema),
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
