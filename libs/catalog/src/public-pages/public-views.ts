import { feedPath, type PublicEpisode, type PublicPodcast } from '@castbase/contracts';
import type { ObjectStorage } from '@castbase/platform-storage';
import type { Episode } from '../episodes/episode.entity.js';
import type { Podcast } from '../podcasts/podcast.entity.js';

type Storage = Pick<ObjectStorage, 'publicUrl'>;

/** A podcast as its public pages show it: nothing a listener should not see (no owner id, private token or e-mails). */
export function publicPodcastView(podcast: Podcast, storage: Storage): PublicPodcast {
  return {
    id: podcast.id,
    name: podcast.name,
    slug: podcast.slug,
    description: podcast.description,
    author: podcast.author,
    language: podcast.language,
    category: podcast.category,
    explicit: podcast.explicit,
    ownerUsername: podcast.ownerUsername,
    artworkUrl: podcast.artworkKey === null ? null : storage.publicUrl(podcast.artworkKey),
    websiteUrl: podcast.websiteUrl,
    copyright: podcast.copyright,
    fundingLinks: podcast.fundingLinks,
    socialLinks: podcast.socialLinks,
    feedPath: feedPath(podcast),
  };
}

/** A published episode as its public page shows it; its artwork falls back to the podcast's. */
export function publicEpisodeView(episode: Episode, podcast: Podcast, storage: Storage): PublicEpisode {
  const artworkKey = episode.artworkKey ?? podcast.artworkKey;
  return {
    id: episode.id,
    podcastId: episode.podcastId,
    title: episode.title,
    description: episode.description,
    episodeType: episode.episodeType,
    seasonNumber: episode.seasonNumber,
    episodeNumber: episode.episodeNumber,
    explicit: episode.explicit,
    // A published episode always has its publish date; its creation stands in for a row written before that rule.
    publishDate: (episode.publishDate ?? episode.createdAt).toISOString(),
    durationSeconds: Math.round(episode.media?.durationSeconds ?? 0),
    artworkUrl: artworkKey === null ? null : storage.publicUrl(artworkKey),
    media: episode.media && {
      url: storage.publicUrl(episode.media.storageKey),
      mimeType: episode.media.mimeType,
      sizeBytes: episode.media.sizeBytes,
    },
    guid: episode.guid,
    chapters: episode.chapters,
    soundbites: episode.soundbites,
    transcripts: episode.transcripts,
    persons: episode.persons,
    funding: episode.funding,
    location: episode.location,
    license: episode.license,
    value: episode.value,
  };
}
