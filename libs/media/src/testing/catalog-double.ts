import { randomUUID } from 'node:crypto';
import {
  catalogRequests,
  defaultPodcastChannelFields,
  DomainError,
  type Episode,
  type Podcast,
  type PodcastRole,
} from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';

/** A podcast of the catalog double: the fields media reads. */
export interface CatalogPodcast {
  ownerId: string;
  artworkMediaId: string | null;
  audioBitrateKbps?: number | null;
  /** Other people's roles on it, by user id (the owner's is 'owner'). */
  contributors?: Record<string, PodcastRole>;
}

/** The catalog as media sees it over the bus: which podcasts an owner has, and their episodes. */
export interface CatalogDouble {
  podcasts: Map<string, CatalogPodcast>;
  episodes: Map<string, Array<{ id: string; mediaId: string; podcastId?: string }>>;
}

/** A podcast as the catalog answers it, with the fields media reads set from the double. */
function podcastOf(
  id: string,
  { ownerId, artworkMediaId, audioBitrateKbps }: CatalogPodcast,
  role: PodcastRole,
): Podcast {
  const now = new Date().toISOString();
  return {
    id,
    ownerId,
    ownerUsername: null,
    name: 'Signal',
    slug: `signal-${id.slice(0, 8)}`,
    description: '',
    language: 'en',
    category: 'Technology',
    author: 'Test Host',
    coHosts: [],
    explicit: false,
    type: 'episodic',
    visibility: 'public',
    artworkUrl: null,
    artworkMediaId,
    audioBitrateKbps: audioBitrateKbps ?? null,
    tags: [],
    websiteUrl: '',
    email: '',
    ownerName: '',
    ownerEmail: '',
    copyright: '',
    fundingLinks: [],
    socialLinks: [],
    ...defaultPodcastChannelFields(),
    podcastGuid: randomUUID(),
    podcastLocked: false,
    podcastMedium: 'podcast',
    podcastPersons: [],
    lightningAddress: '',
    valueEnabled: false,
    privateAccessToken: null,
    role,
    createdAt: now,
    updatedAt: now,
  };
}

/** An episode as the catalog answers it, using media file `mediaId`. */
function episodeOf(id: string, ownerId: string, mediaId: string, podcastId: string = randomUUID()): Episode {
  const now = new Date().toISOString();
  return {
    id,
    podcastId,
    ownerId,
    title: 'Episode',
    description: '',
    status: 'draft',
    episodeType: 'full',
    explicit: false,
    seasonNumber: null,
    episodeNumber: null,
    guid: id,
    media: {
      mediaId,
      fileName: 'episode.mp3',
      mimeType: 'audio/mpeg',
      sizeBytes: 1,
      durationSeconds: 1,
      storageKey: '',
      url: '',
    },
    durationSeconds: 1,
    artworkMediaId: null,
    artworkUrl: null,
    tags: [],
    enableRss: true,
    enableVideo: false,
    podcastBlock: false,
    transcripts: [],
    chapters: [],
    soundbites: [],
    persons: [],
    value: null,
    location: null,
    funding: [],
    license: null,
    alternateEnclosures: [],
    plays: 0,
    publishDate: null,
    scheduledReleaseDate: null,
    revision: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/** The user's role on a podcast of the double, or null (a stranger). */
function roleOn(podcast: CatalogPodcast | undefined, userId: string): PodcastRole | null {
  if (!podcast) return null;
  if (podcast.ownerId === userId) return 'owner';
  return podcast.contributors?.[userId] ?? null;
}

/** Answers the catalog requests media makes (podcast access, podcasts' artwork, episodes) from `catalog`. */
export async function answerAsCatalog(bus: MessageBus, catalog: CatalogDouble): Promise<void> {
  const queue = { queue: 'catalog' };
  await bus.respond(
    catalogRequests.getPodcast,
    ({ userId, podcastId }) => {
      const podcast = catalog.podcasts.get(podcastId);
      const role = roleOn(podcast, userId);
      if (!podcast || !role) throw new DomainError('PODCAST_NOT_FOUND');
      return podcastOf(podcastId, podcast, role);
    },
    queue,
  );
  await bus.respond(
    catalogRequests.listPodcasts,
    ({ userId }) => ({
      items: [...catalog.podcasts.entries()].flatMap(([id, podcast]) => {
        const role = roleOn(podcast, userId);
        return role ? [podcastOf(id, podcast, role)] : [];
      }),
    }),
    queue,
  );
  await bus.respond(
    catalogRequests.resolveAccess,
    (request) => {
      if ('podcastId' in request) {
        const role = roleOn(catalog.podcasts.get(request.podcastId), request.userId);
        if (!role) throw new DomainError('PODCAST_NOT_FOUND');
        return { podcastId: request.podcastId, role };
      }
      for (const [ownerId, episodes] of catalog.episodes) {
        const episode = episodes.find(({ id }) => id === request.episodeId);
        if (!episode) continue;
        const podcast = episode.podcastId ? catalog.podcasts.get(episode.podcastId) : undefined;
        const role = podcast ? roleOn(podcast, request.userId) : ownerId === request.userId ? 'owner' : null;
        if (!role) break;
        return { podcastId: episode.podcastId ?? randomUUID(), role };
      }
      throw new DomainError('EPISODE_NOT_FOUND');
    },
    queue,
  );
  await bus.respond(
    catalogRequests.getEpisode,
    ({ userId, episodeId }) => {
      const episode = (catalog.episodes.get(userId) ?? []).find(({ id }) => id === episodeId);
      if (!episode) throw new DomainError('EPISODE_NOT_FOUND');
      return episodeOf(episode.id, userId, episode.mediaId, episode.podcastId);
    },
    queue,
  );
  await bus.respond(
    catalogRequests.exportEpisodes,
    ({ ownerId }) => ({
      items: (catalog.episodes.get(ownerId) ?? []).map(({ id, mediaId }) => episodeOf(id, ownerId, mediaId)),
      next: null,
    }),
    queue,
  );
}
