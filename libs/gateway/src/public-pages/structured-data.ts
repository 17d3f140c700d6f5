import type { PublicCreator, PublicEpisode, PublicPodcast } from '@castbase/contracts';
import { isoDuration } from './html-text.js';
import type { PageUrls } from './page-urls.js';

// schema.org JSON-LD for the public pages, so search engines know a podcast from its episodes.

type JsonLd = Record<string, unknown>;

/** Leaves out the properties that have no value. */
function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );
}

/** The creator as a schema.org Person, from their public card only. */
function creatorData(creator: PublicCreator | null, urls: PageUrls): JsonLd | null {
  return (
    creator &&
    compact({
      '@type': 'Person',
      name: creator.displayName,
      image: creator.avatarUrl && urls.absolute(creator.avatarUrl),
      description: creator.bio,
    })
  );
}

export function podcastSeriesData(
  podcast: PublicPodcast,
  creator: PublicCreator | null,
  urls: PageUrls,
): JsonLd {
  return compact({
    '@type': 'PodcastSeries',
    '@id': urls.podcast(podcast.id),
    name: podcast.name,
    description: podcast.description,
    url: urls.podcast(podcast.id),
    image: podcast.artworkUrl && urls.absolute(podcast.artworkUrl),
    webFeed: urls.feed(podcast),
    inLanguage: podcast.language,
    genre: podcast.category,
    author: podcast.author ? { '@type': 'Person', name: podcast.author } : null,
    creator: creatorData(creator, urls),
    copyrightNotice: podcast.copyright,
    isFamilyFriendly: !podcast.explicit,
  });
}

/** The episode with its media as an AudioObject (a VideoObject for a video episode). */
export function podcastEpisodeData(episode: PublicEpisode, urls: PageUrls): JsonLd {
  const media = episode.media;
  return compact({
    '@type': 'PodcastEpisode',
    '@id': urls.episode(episode.id),
    url: urls.episode(episode.id),
    name: episode.title,
    description: episode.description,
    datePublished: episode.publishDate,
    timeRequired: isoDuration(episode.durationSeconds),
    episodeNumber: episode.episodeNumber,
    image: episode.artworkUrl && urls.absolute(episode.artworkUrl),
    isFamilyFriendly: !episode.explicit,
    associatedMedia:
      media &&
      compact({
        '@type': media.mimeType.startsWith('video/') ? 'VideoObject' : 'AudioObject',
        contentUrl: urls.absolute(media.url),
        encodingFormat: media.mimeType,
        duration: isoDuration(episode.durationSeconds),
        contentSize: media.sizeBytes ? `${media.sizeBytes} B` : null,
        name: episode.title,
      }),
  });
}

/** The episode page's graph: the episode, part of its series (and its season). */
export function episodePageData(
  podcast: PublicPodcast,
  episode: PublicEpisode,
  creator: PublicCreator | null,
  urls: PageUrls,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    ...podcastEpisodeData(episode, urls),
    partOfSeries: podcastSeriesData(podcast, creator, urls),
    ...(episode.seasonNumber
      ? { partOfSeason: { '@type': 'PodcastSeason', seasonNumber: episode.seasonNumber } }
      : {}),
  };
}

/** The podcast page's graph: the series with the episodes the page lists. */
export function podcastPageData(
  podcast: PublicPodcast,
  episodes: PublicEpisode[],
  creator: PublicCreator | null,
  urls: PageUrls,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    ...podcastSeriesData(podcast, creator, urls),
    episode: episodes.map((episode) => podcastEpisodeData(episode, urls)),
  };
}
