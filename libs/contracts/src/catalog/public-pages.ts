import { z } from 'zod';
import { publicPodcastFiguresSchema } from '../analytics/public-figures.js';
import { publicCreatorSchema } from '../identity/public-creator.js';
import { defineRequest } from '../messaging/definitions.js';
import { episodeTypeSchema } from './episode.js';
import { podcastLinkSchema } from './podcast.js';
import {
  chapterSchema,
  fundingLinkSchema,
  licenseSchema,
  locationSchema,
  personSchema,
  soundbiteSchema,
  transcriptSchema,
  valueBlockSchema,
} from './podcasting20.js';

/**
 * What the public pages show (`/episode/{id}`, `/podcast/{username or id}`, the oEmbed answer): published episodes of
 * public podcasts only, with nothing a listener should not see (no owner id, no private token, no drafts, no plays).
 */

/** Episodes per page of a podcast's website. */
export const PUBLIC_PODCAST_PAGE_SIZE = 12;

export const publicPodcastSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  author: z.string(),
  language: z.string(),
  category: z.string(),
  explicit: z.boolean(),
  ownerUsername: z.string().nullable(),
  artworkUrl: z.string().nullable(),
  websiteUrl: z.string(),
  copyright: z.string(),
  fundingLinks: z.array(podcastLinkSchema),
  socialLinks: z.array(podcastLinkSchema),
  /** The feed's path on this site (`/feeds/{username}/{slug}.xml`); the page makes it absolute. */
  feedPath: z.string(),
});
export type PublicPodcast = z.infer<typeof publicPodcastSchema>;

export const publicEpisodeSchema = z.object({
  id: z.uuid(),
  podcastId: z.uuid(),
  title: z.string(),
  description: z.string(),
  episodeType: episodeTypeSchema,
  seasonNumber: z.number().int().nullable(),
  episodeNumber: z.number().int().nullable(),
  explicit: z.boolean(),
  publishDate: z.iso.datetime(),
  durationSeconds: z.number().int().nonnegative(),
  /** The episode's own artwork, else the podcast's, else null. */
  artworkUrl: z.string().nullable(),
  /** What a player plays (audio, or the video of a video episode). */
  media: z
    .object({ url: z.string(), mimeType: z.string(), sizeBytes: z.number().int().nonnegative() })
    .nullable(),
  guid: z.string(),
  chapters: z.array(chapterSchema),
  soundbites: z.array(soundbiteSchema),
  transcripts: z.array(transcriptSchema),
  persons: z.array(personSchema),
  funding: z.array(fundingLinkSchema),
  location: locationSchema.nullable(),
  license: licenseSchema.nullable(),
  value: valueBlockSchema.nullable(),
});
export type PublicEpisode = z.infer<typeof publicEpisodeSchema>;

/**
 * The podcast owner's user id, in the catalog's answers to the gateway only: what the gateway asks identity about
 * the owner by (their card, their analytics sharing choice). Never part of what the public pages show.
 */
const ownerIdSchema = z.string().min(1);

/** `/episode/{id}` as the catalog answers it: the episode and its podcast, and the podcast owner's user id. */
export const catalogEpisodePageSchema = z.object({
  ownerId: ownerIdSchema,
  podcast: publicPodcastSchema,
  episode: publicEpisodeSchema,
});
export type CatalogEpisodePage = z.infer<typeof catalogEpisodePageSchema>;

export const publicPodcastQuerySchema = z.object({
  /** The owner's username (their oldest public podcast) or the podcast's id. */
  name: z.string().trim().min(1).max(200),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Only this season's episodes; absent: every season. */
  season: z.coerce.number().int().min(1).max(100_000).optional(),
});
export type PublicPodcastQuery = z.input<typeof publicPodcastQuerySchema>;

/**
 * `/podcast/{username or id}` as the catalog answers it: the podcast owner's user id, the podcast, one page of its
 * published episodes, newest first, and its seasons.
 */
export const catalogPodcastPageSchema = z.object({
  ownerId: ownerIdSchema,
  podcast: publicPodcastSchema,
  episodes: z.array(publicEpisodeSchema),
  /** Season numbers that have published episodes, ascending. */
  seasons: z.array(z.number().int()),
  season: z.number().int().nullable(),
  page: z.number().int().min(1),
  pageCount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** The owner's other public podcasts (for a username), each a link to `/podcast/{id}`. */
  otherPodcasts: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type CatalogPodcastPage = z.infer<typeof catalogPodcastPageSchema>;

/**
 * What the public pages show: the catalog's page without the owner's user id, and the owner's card from identity
 * when their profile is public (`profilePublic`; null otherwise, and for an owner identity does not know). The
 * podcast page also has the podcast's figures from analytics when the owner shares them (`analyticsSharing`; null
 * otherwise).
 */
export const publicEpisodePageSchema = catalogEpisodePageSchema.omit({ ownerId: true }).extend({
  creator: publicCreatorSchema.nullable(),
});
export type PublicEpisodePage = z.infer<typeof publicEpisodePageSchema>;

export const publicPodcastPageSchema = catalogPodcastPageSchema.omit({ ownerId: true }).extend({
  creator: publicCreatorSchema.nullable(),
  figures: publicPodcastFiguresSchema.nullable(),
});
export type PublicPodcastPage = z.infer<typeof publicPodcastPageSchema>;

/** Requests anyone may make (no caller): what the public pages and the oEmbed endpoint read. */
export const publicCatalogRequests = {
  /** A published episode of a public podcast, else EPISODE_NOT_FOUND. */
  getEpisodePage: defineRequest(
    'catalog.public-episode.get',
    z.object({ episodeId: z.uuid() }),
    catalogEpisodePageSchema,
  ),
  /** A public podcast by its owner's username or its id, else PODCAST_NOT_FOUND. */
  getPodcastPage: defineRequest(
    'catalog.public-podcast.get',
    publicPodcastQuerySchema,
    catalogPodcastPageSchema,
  ),
} as const;

/**
 * The id of the `<script type="application/json">` in which the server-rendered `/episode/{id}` and
 * `/podcast/{name}` carry their data, so the page renders at once without asking the API again.
 */
export const PUBLIC_PAGE_DATA_ELEMENT_ID = 'castbase-public-page';

/** What that script holds: the episode page, or the podcast page as asked for by `name` (page and season inside). */
export const publicPageDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('episode'), page: publicEpisodePageSchema }),
  z.object({ kind: z.literal('podcast'), name: z.string(), page: publicPodcastPageSchema }),
]);
export type PublicPageData = z.infer<typeof publicPageDataSchema>;

/** The public page of an episode, relative to the site. */
export function publicEpisodePath(episodeId: string): string {
  return `/episode/${encodeURIComponent(episodeId)}`;
}

/** The public page of a podcast (`name`: its id or its owner's username), relative to the site. */
export function publicPodcastPath(
  name: string,
  query: { page?: number; season?: number | null } = {},
): string {
  const search = new URLSearchParams();
  if (query.season) search.set('season', String(query.season));
  if (query.page && query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return `/podcast/${encodeURIComponent(name)}${text ? `?${text}` : ''}`;
}
