import { z } from 'zod';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { storedEpisodeMediaSchema } from './episode.js';

// Importing a podcast from another host (issue 11 item 7): the creator gives the old feed's address, sees what will be
// imported, confirms; the catalog creates the podcast and its episodes, and the media service copies every enclosure
// (and the artwork) into storage in the background, episode by episode, while the screen shows the progress.

/** The largest feed document read (a 10,000-episode feed with long show notes is about 15 MB). */
export const FEED_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The whole fetch of the feed document. */
export const FEED_IMPORT_TIMEOUT_MS = 60_000;
/** The largest episode file copied, as for an upload of audio (spec 2: 500 MB). */
export const IMPORT_MEDIA_MAX_BYTES = 500 * 1024 * 1024;
/** The whole copy of one file (500 MB at 2 Mbit/s would need 35 minutes; a host slower than that times out). */
export const IMPORT_MEDIA_TIMEOUT_MS = 30 * 60_000;
/** The largest artwork copied. */
export const IMPORT_ARTWORK_MAX_BYTES = 10 * 1024 * 1024;
/** A podcast:chapters JSON file. */
export const IMPORT_CHAPTERS_MAX_BYTES = 1024 * 1024;
/** How often the import screen asks for the progress. */
export const FEED_IMPORT_POLL_MS = 2_000;

const MB = 1024 * 1024;

export const feedImportMessages = {
  urlRequired: 'Enter the address of the feed to import',
  urlInvalid: 'Enter the full address of the feed, starting with http:// or https://',
  tooLarge: `This feed is too large to import: the document is over ${FEED_IMPORT_MAX_BYTES / MB} MB`,
  notXml: 'This is not a valid RSS feed: the document is not well-formed XML',
  notRss: 'This is not a valid RSS feed: it has no <rss> element with a <channel>',
  entities:
    'This is not a valid RSS feed: it declares its own XML entities (<!ENTITY>), which Castbase never expands',
  noTitle: 'This is not a valid RSS feed: its channel has no title',
  locked: (ownerEmail: string) =>
    `This feed is locked (podcast:locked): only its owner, ${ownerEmail}, may import it. Sign in with that e-mail address, or unlock the feed at its current host first.`,
  lockedWithoutOwner:
    'This feed is locked (podcast:locked) and names no owner e-mail, so it cannot be imported. Unlock it at its current host first.',
  overPlan: (toImport: number, existing: number, limit: number) =>
    `This feed has ${toImport} ${toImport === 1 ? 'episode' : 'episodes'} to import, but your plan allows ${limit} episodes and you already have ${existing}. Nothing was imported.`,
  nothingNew: 'No new episodes: every episode of the feed is already in this podcast',
  noImport: 'This podcast was not imported from another host',
  untitledEpisode: 'Untitled episode',
  mediaNotAudio: 'The episode file is not audio or video',
  artworkNotImage: 'The artwork is not an image',
  mediaTooLarge: `The episode file is larger than ${IMPORT_MEDIA_MAX_BYTES / MB} MB and was not copied`,
  noEnclosure: 'The feed gives no audio or video file for this episode',
  copyFailed: (reason: string) => `The file could not be copied: ${reason}`,
  notCopied: (count: number) =>
    count === 1
      ? '1 episode was not copied and stays a draft: see why below.'
      : `${count} episodes were not copied and stay drafts: see why below.`,
  previewFailed: 'Failed to read the feed',
  startFailed: 'Failed to start the import',
  rerunFailed: 'Failed to import new episodes',
  added: (count: number) =>
    count === 0
      ? 'No new episodes: every episode of the feed is already here'
      : `${count} new ${count === 1 ? 'episode' : 'episodes'} imported`,
  redirectTitle: 'Move your subscribers to Castbase',
  redirectSteps: [
    'At your old host, set a permanent redirect (HTTP 301) from the old feed address to the new feed address.',
    'If the old host cannot redirect, add <itunes:new-feed-url> with the new address to the old feed, and keep it online until podcast apps have moved (a few weeks).',
    'Apple Podcasts, Spotify and the other directories follow the redirect: your subscribers, ratings and episode downloads stay.',
  ],
  newFeedUrlLabel: 'New feed address',
  oldFeedUrlLabel: 'Old feed address',
} as const;

/** The feed to import, as the creator types it. */
export const feedImportUrlSchema = z
  .string({ error: feedImportMessages.urlRequired })
  .trim()
  .min(1, feedImportMessages.urlRequired)
  .pipe(z.url({ protocol: /^https?$/, error: feedImportMessages.urlInvalid }));

export const feedImportInputSchema = z.object({ url: feedImportUrlSchema });
export type FeedImportInput = z.input<typeof feedImportInputSchema>;

/** What the creator sees before confirming. */
export const feedImportPreviewSchema = z.object({
  feedUrl: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  artworkUrl: z.string().nullable(),
  language: z.string(),
  category: z.string(),
  /** Items of the feed with a guid or an enclosure. */
  episodeCount: z.number().int().nonnegative(),
  /** Of those, the ones with an audio or video file to copy. */
  episodesWithMedia: z.number().int().nonnegative(),
  /** The channel's podcast:guid, or the namespace's UUIDv5 of the feed's address when it has none. */
  podcastGuid: z.uuid(),
  locked: z.boolean(),
  ownerEmail: z.string().nullable(),
  /** Why the import would be refused (locked, the plan's limit), or null when it may start. */
  problem: z.string().nullable(),
});
export type FeedImportPreview = z.infer<typeof feedImportPreviewSchema>;

/** Where one episode's file is: being copied, copied and published, or not copied (the episode stays a draft). */
export const feedImportItemStatusSchema = z.enum(['copying', 'ready', 'failed']);
export type FeedImportItemStatus = z.infer<typeof feedImportItemStatusSchema>;

export const feedImportItemSchema = z.object({
  episodeId: z.uuid(),
  guid: z.string(),
  title: z.string(),
  /** The date the old feed gave, which the episode keeps when it is published. */
  publishDate: z.iso.datetime().nullable(),
  status: feedImportItemStatusSchema,
  bytesDone: z.number().int().nonnegative(),
  bytesTotal: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
});
export type FeedImportItem = z.infer<typeof feedImportItemSchema>;

/** An import as its screen shows it: the episodes of every run, newest run first, and the totals. */
export const feedImportStatusSchema = z.object({
  podcastId: z.uuid(),
  podcastName: z.string(),
  feedUrl: z.string(),
  /** The podcast's Castbase feed: where the old feed should redirect (PUBLIC_URL + feedPath). */
  newFeedUrl: z.string(),
  startedAt: z.iso.datetime(),
  lastRunAt: z.iso.datetime(),
  /** Episodes the last run added. */
  added: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  ready: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  bytesDone: z.number().int().nonnegative(),
  bytesTotal: z.number().int().nonnegative(),
  /** Every file is copied or failed. */
  finished: z.boolean(),
  items: z.array(feedImportItemSchema),
});
export type FeedImportStatus = z.infer<typeof feedImportStatusSchema>;

/** The signed-in creator: the e-mail decides whether a locked feed is theirs. */
const caller = { userId: z.string().min(1), email: z.string().nullable().default(null) };

export const feedImportRequests = {
  preview: defineRequest(
    'catalog.feed-import.preview',
    z.object({ ...caller, url: feedImportUrlSchema }),
    feedImportPreviewSchema,
  ),
  /** Creates the podcast and its episodes (drafts until their file is copied) and queues the copies. */
  start: defineRequest(
    'catalog.feed-import.start',
    z.object({ ...caller, username: z.string().nullable().default(null), url: feedImportUrlSchema }),
    feedImportStatusSchema,
  ),
  /** Reads the same feed again and adds the episodes whose guid is new (owner). */
  rerun: defineRequest(
    'catalog.feed-import.rerun',
    z.object({ ...caller, podcastId: z.uuid() }),
    feedImportStatusSchema,
  ),
  /** The import of a podcast (any role on it), or PODCAST_NOT_FOUND. */
  get: defineRequest(
    'catalog.feed-import.get',
    z.object({ ...caller, podcastId: z.uuid() }),
    feedImportStatusSchema,
  ),
} as const;

// The media service's side: copying a file at a URL into storage.

export const remoteImportPurposeSchema = z.enum(['episode-media', 'podcast-art']);
export type RemoteImportPurpose = z.infer<typeof remoteImportPurposeSchema>;
export const remoteImportStatusSchema = z.enum(['queued', 'copying', 'ready', 'failed']);

const remoteImportFile = z.object({
  /** The episode (episode-media) or the podcast (podcast-art) the file is for. */
  targetId: z.uuid(),
  purpose: remoteImportPurposeSchema,
  url: z.string().min(1),
});

export const remoteImportProgressSchema = z.object({
  targetId: z.uuid(),
  purpose: remoteImportPurposeSchema,
  status: remoteImportStatusSchema,
  bytesDone: z.number().int().nonnegative(),
  bytesTotal: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
});
export type RemoteImportProgress = z.infer<typeof remoteImportProgressSchema>;

export const remoteImportRequests = {
  /** The owner's plan: episodes and bytes allowed, bytes kept. */
  plan: defineRequest(
    'media.remote-import.plan',
    z.object({ ownerId: z.string().min(1) }),
    z.object({
      episodesLimit: z.number().int().positive(),
      storageBytesLimit: z.number().int().positive(),
      usedBytes: z.number().int().nonnegative(),
    }),
  ),
  /** Queues a copy of each file for the owner; each ends with `media.remote-import.finished`. */
  queue: defineRequest(
    'media.remote-import.queue',
    z.object({
      ownerId: z.string().min(1),
      podcastId: z.uuid(),
      files: z.array(remoteImportFile).max(20_000),
    }),
    z.object({ queued: z.number().int().nonnegative() }),
  ),
  /** The copies of a podcast's files (the owner's only). */
  progress: defineRequest(
    'media.remote-import.progress',
    z.object({ ownerId: z.string().min(1), podcastId: z.uuid() }),
    z.object({ files: z.array(remoteImportProgressSchema) }),
  ),
} as const;

export const remoteImportEvents = {
  /** Media's own work queue: one copy to make (written with its row, consumed by one media replica). */
  requested: defineEvent('media.remote-import.requested', z.object({ remoteImportId: z.uuid() })),
  /** A copy ended: the stored file (a ready media file of the owner), or why there is none. */
  finished: defineEvent(
    'media.remote-import.finished',
    z.object({
      remoteImportId: z.uuid(),
      ownerId: z.string(),
      podcastId: z.uuid(),
      targetId: z.uuid(),
      purpose: remoteImportPurposeSchema,
      status: z.enum(['ready', 'failed']),
      media: storedEpisodeMediaSchema.nullable(),
      error: z.string().nullable(),
    }),
  ),
} as const;
