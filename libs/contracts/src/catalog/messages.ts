import { z } from 'zod';
import { defineEvent, defineRequest } from '../messaging/definitions.js';
import { createEpisodeInputSchema, episodeSchema, storedEpisodeMediaSchema } from './episode.js';
import { createPodcastInputSchema, podcastSchema } from './podcast.js';

const owner = { ownerId: z.string().min(1) };

export const catalogRequests = {
  createPodcast: defineRequest(
    'catalog.podcast.create',
    z.object({
      ...owner,
      ownerUsername: z.string().nullable().default(null),
      /** The owner's e-mail: the podcast's contact and owner e-mail unless the input says otherwise. */
      ownerEmail: z.string().nullable().default(null),
      input: createPodcastInputSchema,
    }),
    podcastSchema,
  ),
  listPodcasts: defineRequest(
    'catalog.podcast.list',
    z.object(owner),
    z.object({ items: z.array(podcastSchema) }),
  ),
  getPodcast: defineRequest(
    'catalog.podcast.get',
    z.object({ ...owner, podcastId: z.uuid() }),
    podcastSchema,
  ),
  createEpisode: defineRequest(
    'catalog.episode.create',
    z.object({ ...owner, podcastId: z.uuid(), input: createEpisodeInputSchema }),
    episodeSchema,
  ),
  getEpisode: defineRequest(
    'catalog.episode.get',
    z.object({ ...owner, episodeId: z.uuid() }),
    episodeSchema,
  ),
  listEpisodes: defineRequest(
    'catalog.episode.list',
    z.object({ ...owner, podcastId: z.uuid() }),
    z.object({ items: z.array(episodeSchema) }),
  ),
  publishEpisode: defineRequest(
    'catalog.episode.publish',
    z.object({ ...owner, episodeId: z.uuid() }),
    episodeSchema,
  ),
  /** One page of every episode the owner has, oldest first, for the streamed data export. */
  exportEpisodes: defineRequest(
    'catalog.episode.export',
    z.object({ ...owner, after: z.uuid().nullable(), limit: z.number().int().min(1).max(1000) }),
    z.object({ items: z.array(episodeSchema), next: z.uuid().nullable() }),
  ),
  /** Everything the feeds service needs to render one podcast's feed: the podcast and its published episodes. */
  getFeedSource: defineRequest(
    'catalog.feed-source.get',
    z.object({ podcastId: z.uuid() }),
    z.object({ podcast: podcastSchema, episodes: z.array(episodeSchema) }),
  ),
} as const;

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
   * A podcast and its episodes are gone (today only when their owner's account is erased). No owner id: it is
   * written after the owner's data was erased, and must not bring the id back into an outbox.
   */
  podcastDeleted: defineEvent('catalog.podcast.deleted', z.object({ podcastId: z.uuid() })),
  episodePublished: defineEvent(
    'catalog.episode.published',
    z.object({
      episodeId: z.uuid(),
      podcastId: z.uuid(),
      ownerId: z.string(),
      publishedAt: z.iso.datetime(),
      media: storedEpisodeMediaSchema.nullable(),
    }),
  ),
} as const;
