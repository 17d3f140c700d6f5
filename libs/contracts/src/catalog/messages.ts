import { z } from 'zod';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import {
  createEpisodeInputSchema,
  episodeSchema,
  episodeStatusSchema,
  episodeVersionSchema,
  restoreVersionInputSchema,
  scheduleEpisodeInputSchema,
  storedEpisodeMediaSchema,
  updateEpisodeInputSchema,
} from './episode.js';
import { episodeListPageSchema, episodeListQuerySchema } from './episode-list.js';
import { chapterSchema } from './podcasting20.js';
import { createPodcastInputSchema, podcastSchema, podcastSettingsInputSchema } from './podcast.js';
import {
  contributorSchema,
  inviteContributorInputSchema,
  podcastAccessSchema,
  podcastRoleSchema,
  updateContributorInputSchema,
} from './roles.js';

/**
 * The user a request acts for. Catalog answers only for podcasts on which this user has a role (owner or
 * contributor), and checks that role itself too: another user's podcast or episode is PODCAST_NOT_FOUND /
 * EPISODE_NOT_FOUND, exactly like a missing one; a role too low for the action is FORBIDDEN (or the action's own
 * 403 code).
 */
const caller = { userId: z.string().min(1) };
/**
 * The caller's e-mail from their token: pending invitations to it become theirs when they are seen, with their
 * name from the token as the contributor's name.
 */
const callerEmail = { email: z.string().nullable().default(null), name: z.string().nullable().default(null) };
const podcastId = { podcastId: z.uuid() };
const episodeId = { episodeId: z.uuid() };

/** At most this many trailers go in a feed's channel (newest first). */
export const FEED_TRAILERS_MAX = 5;
/** The largest page of feed episodes one request returns (stays well under NATS's 1 MB default message size). */
export const FEED_EPISODES_PAGE_MAX = 200;

export const catalogRequests = {
  createPodcast: defineRequest(
    'catalog.podcast.create',
    z.object({
      /** The creator: the new podcast's owner. */
      ownerId: z.string().min(1),
      ownerUsername: z.string().nullable().default(null),
      /** The owner's e-mail: the podcast's contact and owner e-mail unless the input says otherwise. */
      ownerEmail: z.string().nullable().default(null),
      input: createPodcastInputSchema,
    }),
    podcastSchema,
  ),
  /** The podcasts the caller owns and those shared with them (each with the caller's role), oldest first. */
  listPodcasts: defineRequest(
    'catalog.podcast.list',
    z.object({ ...caller, ...callerEmail }),
    z.object({ items: z.array(podcastSchema) }),
  ),
  getPodcast: defineRequest('catalog.podcast.get', z.object({ ...caller, ...podcastId }), podcastSchema),
  /** Saves the Podcast tab of settings (owner). */
  updatePodcast: defineRequest(
    'catalog.podcast.update',
    z.object({ ...caller, ...podcastId, input: podcastSettingsInputSchema }),
    podcastSchema,
  ),
  /** A new private-feed token (owner); the old one stops working. */
  rotatePrivateToken: defineRequest(
    'catalog.podcast.rotate-token',
    z.object({ ...caller, ...podcastId }),
    podcastSchema,
  ),
  /** Deletes a podcast with its episodes, versions and contributors (owner); feeds and media follow the event. */
  deletePodcast: defineRequest(
    'catalog.podcast.delete',
    z.object({ ...caller, ...podcastId }),
    z.object({ podcastId: z.uuid(), episodes: z.number().int().nonnegative() }),
  ),
  /**
   * The caller's role on a podcast, found from the podcast or from one of its episodes: what the gateway's guard
   * asks before every podcast-scoped route. No role: PODCAST_NOT_FOUND / EPISODE_NOT_FOUND.
   */
  resolveAccess: defineRequest(
    'catalog.access.resolve',
    z.union([
      z.object({ ...caller, ...callerEmail, podcastId: z.uuid() }),
      z.object({ ...caller, ...callerEmail, episodeId: z.uuid() }),
    ]),
    podcastAccessSchema,
  ),
  listContributors: defineRequest(
    'catalog.contributor.list',
    z.object({ ...caller, ...podcastId }),
    z.object({ items: z.array(contributorSchema) }),
  ),
  inviteContributor: defineRequest(
    'catalog.contributor.invite',
    z.object({ ...caller, ...podcastId, input: inviteContributorInputSchema }),
    contributorSchema,
  ),
  updateContributor: defineRequest(
    'catalog.contributor.update',
    z.object({ ...caller, ...podcastId, contributorId: z.uuid(), input: updateContributorInputSchema }),
    contributorSchema,
  ),
  removeContributor: defineRequest(
    'catalog.contributor.remove',
    z.object({ ...caller, ...podcastId, contributorId: z.uuid() }),
    z.object({ contributorId: z.uuid() }),
  ),
  createEpisode: defineRequest(
    'catalog.episode.create',
    z.object({ ...caller, ...podcastId, input: createEpisodeInputSchema }),
    episodeSchema,
  ),
  getEpisode: defineRequest('catalog.episode.get', z.object({ ...caller, ...episodeId }), episodeSchema),
  /** One page of a podcast's episodes under the filters and sort of the All Episodes screen. */
  listEpisodes: defineRequest(
    'catalog.episode.list',
    z.object({ ...caller, ...podcastId, query: episodeListQuerySchema }),
    episodeListPageSchema,
  ),
  updateEpisode: defineRequest(
    'catalog.episode.update',
    z.object({ ...caller, ...episodeId, input: updateEpisodeInputSchema }),
    episodeSchema,
  ),
  /** Publishes now: published, publish_date now. Needs audio or video. */
  publishEpisode: defineRequest(
    'catalog.episode.publish',
    z.object({ ...caller, ...episodeId }),
    episodeSchema,
  ),
  /** Published → draft. */
  unpublishEpisode: defineRequest(
    'catalog.episode.unpublish',
    z.object({ ...caller, ...episodeId }),
    episodeSchema,
  ),
  scheduleEpisode: defineRequest(
    'catalog.episode.schedule',
    z.object({ ...caller, ...episodeId, input: scheduleEpisodeInputSchema }),
    episodeSchema,
  ),
  /** Scheduled → draft, the date cleared. */
  cancelSchedule: defineRequest(
    'catalog.episode.cancel-schedule',
    z.object({ ...caller, ...episodeId }),
    episodeSchema,
  ),
  /** A draft copy titled '… (Copy)', without dates; the copy gets its own guid. */
  duplicateEpisode: defineRequest(
    'catalog.episode.duplicate',
    z.object({ ...caller, ...episodeId }),
    episodeSchema,
  ),
  /** Permanent; its media is released when nothing else uses it. */
  deleteEpisode: defineRequest(
    'catalog.episode.delete',
    z.object({ ...caller, ...episodeId }),
    z.object({ episodeId: z.uuid() }),
  ),
  listVersions: defineRequest(
    'catalog.episode-version.list',
    z.object({ ...caller, ...episodeId }),
    z.object({ items: z.array(episodeVersionSchema) }),
  ),
  restoreVersion: defineRequest(
    'catalog.episode-version.restore',
    z.object({ ...caller, ...episodeId, versionId: z.uuid(), input: restoreVersionInputSchema }),
    episodeSchema,
  ),
  /**
   * Publishes every scheduled episode whose date has come, each exactly once however many replicas ask at the same
   * time; answers how many it published. The catalog asks it of itself every minute.
   */
  publishDueEpisodes: defineRequest(
    'catalog.episode.publish-due',
    z.object({}),
    z.object({ published: z.number().int().nonnegative() }),
  ),
  /** One page of every episode the owner has, oldest first, for the streamed data export. */
  exportEpisodes: defineRequest(
    'catalog.episode.export',
    z.object({
      ownerId: z.string().min(1),
      after: z.uuid().nullable(),
      limit: z.number().int().min(1).max(1000),
    }),
    z.object({ items: z.array(episodeSchema), next: z.uuid().nullable() }),
  ),
  /**
   * What the feeds service renders a podcast's feeds from, before their items: the podcast (as its owner sees it, with
   * the private token), how many episodes its feeds hold (published, RSS enabled, with media), and its newest published
   * trailers (podcast:trailer sits in the channel, ahead of the items). The items come page by page from
   * `getFeedEpisodes`, so a 10,000-episode podcast never crosses the bus, or sits in memory, at once.
   */
  getFeedSource: defineRequest(
    'catalog.feed-source.get',
    z.object({ podcastId: z.uuid() }),
    z.object({
      podcast: podcastSchema,
      feedEpisodeCount: z.number().int().nonnegative(),
      trailers: z.array(episodeSchema).max(FEED_TRAILERS_MAX),
    }),
  ),
  /**
   * One page of a podcast's feed episodes (published, RSS enabled, with media), newest first: by release date (publish
   * date, else creation) descending, then id descending. `after` is the last episode of the previous page.
   */
  getFeedEpisodes: defineRequest(
    'catalog.feed-source.episodes',
    z.object({
      podcastId: z.uuid(),
      after: z.object({ releaseDate: z.iso.datetime(), id: z.uuid() }).nullable(),
      limit: z.number().int().min(1).max(FEED_EPISODES_PAGE_MAX),
    }),
    z.object({ episodes: z.array(episodeSchema) }),
  ),
} as const;

const episodeFact = { episodeId: z.uuid(), podcastId: z.uuid(), ownerId: z.string() };
/**
 * What the episode's MP3 carries in its ID3 tags (media re-tags the file when they change). Optional: events written
 * before they were added have none.
 */
const episodeTagFields = {
  title: z.string().optional(),
  chapters: z.array(chapterSchema).optional(),
  media: storedEpisodeMediaSchema.nullable().optional(),
};
/** Media files no podcast or episode uses any more: media deletes them. */
const releasedMedia = { releasedMediaIds: z.array(z.uuid()).default([]) };

export const catalogEvents = {
  podcastCreated: defineEvent(
    'catalog.podcast.created',
    z.object({
      podcastId: z.uuid(),
      ownerId: z.string(),
      slug: z.string(),
      ownerUsername: z.string().nullable(),
    }),
  ),
  /**
   * Settings saved, the private token rotated or the owner's username changed: the feed is rendered again. `slug` and
   * `ownerUsername` make the feed's address now (feedPath); `previousAddress` is set when this change moved it (a new
   * slug or username), so the old address can keep answering with a redirect. Events written before these were added
   * have no `ownerUsername`.
   */
  podcastUpdated: defineEvent(
    'catalog.podcast.updated',
    z.object({
      podcastId: z.uuid(),
      ownerId: z.string(),
      slug: z.string(),
      ownerUsername: z.string().nullable().optional(),
      previousAddress: z.object({ ownerUsername: z.string().nullable(), slug: z.string() }).optional(),
    }),
  ),
  /**
   * A podcast and its episodes are gone. No owner id: after an account erasure it must not bring the id back into
   * an outbox.
   */
  podcastDeleted: defineEvent('catalog.podcast.deleted', z.object({ podcastId: z.uuid(), ...releasedMedia })),
  contributorInvited: defineEvent(
    'catalog.contributor.invited',
    z.object({ podcastId: z.uuid(), contributorId: z.uuid(), email: z.string(), role: podcastRoleSchema }),
  ),
  episodeCreated: defineEvent(
    'catalog.episode.created',
    z.object({ ...episodeFact, status: episodeStatusSchema, ...episodeTagFields }),
  ),
  /** Any saved change (fields, restore, the media's tagged copy); `status` is the episode's status after it. */
  episodeUpdated: defineEvent(
    'catalog.episode.updated',
    z.object({ ...episodeFact, status: episodeStatusSchema, ...episodeTagFields }),
  ),
  episodePublished: defineEvent(
    'catalog.episode.published',
    z.object({
      ...episodeFact,
      publishedAt: z.iso.datetime(),
      ...episodeTagFields,
      media: storedEpisodeMediaSchema.nullable(),
    }),
  ),
  episodeUnpublished: defineEvent('catalog.episode.unpublished', z.object(episodeFact)),
  episodeScheduled: defineEvent(
    'catalog.episode.scheduled',
    z.object({ ...episodeFact, scheduledReleaseDate: z.iso.datetime() }),
  ),
  episodeScheduleCanceled: defineEvent('catalog.episode.schedule-canceled', z.object(episodeFact)),
  episodeDeleted: defineEvent('catalog.episode.deleted', z.object({ ...episodeFact, ...releasedMedia })),
} as const;
