import { feedPath, type Podcast } from '@castbase/contracts';

/**
 * Enclosure URL of an episode's media. It points at the analytics service, which counts the download and
 * redirects to the file, so every app that plays the episode is counted.
 */
export function enclosureUrl(
  publicUrl: string,
  podcastId: string,
  episodeId: string,
  fileName: string,
): string {
  return `${publicUrl}/e/${podcastId}/${episodeId}/${encodeURIComponent(fileName)}`;
}

/** Where podcast apps fetch the main feed of a podcast. */
export function publicFeedUrl(
  publicUrl: string,
  podcast: Pick<Podcast, 'id' | 'ownerUsername' | 'slug'>,
): string {
  return `${publicUrl}${feedPath(podcast)}`;
}

/** The podcast's public page (served by the gateway without sign-in). */
export function podcastPageUrl(publicUrl: string, podcastId: string): string {
  return `${publicUrl}/podcast/${podcastId}`;
}

/** An episode's public page (served by the gateway without sign-in). */
export function episodePageUrl(publicUrl: string, episodeId: string): string {
  return `${publicUrl}/episode/${episodeId}`;
}
