import { feedPath, type FeedVariant, type Podcast } from '@castbase/contracts';

/** `?token=…` for a private podcast's URLs, '' for a public one. */
function tokenQuery(token: string | null | undefined): string {
  return token ? `?token=${encodeURIComponent(token)}` : '';
}

/**
 * Enclosure URL of an episode's media. It points at the analytics service, which counts the download and
 * redirects to the file, so every app that plays the episode is counted. A private podcast's carries its token.
 */
export function enclosureUrl(
  publicUrl: string,
  podcastId: string,
  episodeId: string,
  fileName: string,
  token: string | null = null,
): string {
  return `${publicUrl}/e/${podcastId}/${episodeId}/${encodeURIComponent(fileName)}${tokenQuery(token)}`;
}

/** Where podcast apps fetch the main feed of a podcast. */
export function publicFeedUrl(
  publicUrl: string,
  podcast: Pick<Podcast, 'id' | 'ownerUsername' | 'slug'>,
): string {
  return `${publicUrl}${feedPath(podcast)}`;
}

/** A variant's own address, with the private token when the podcast has one. */
export function variantFeedUrl(
  publicUrl: string,
  podcast: Pick<Podcast, 'id' | 'ownerUsername' | 'slug'>,
  variant: FeedVariant,
  token: string | null,
): string {
  return `${publicUrl}${feedPath(podcast, variant, token)}`;
}

/** The podcast's public page (served by the gateway without sign-in). */
export function podcastPageUrl(publicUrl: string, podcastId: string): string {
  return `${publicUrl}/podcast/${podcastId}`;
}

/** An episode's public page (served by the gateway without sign-in). */
export function episodePageUrl(publicUrl: string, episodeId: string): string {
  return `${publicUrl}/episode/${episodeId}`;
}

/** The channel's `<link>`: the podcast's own website when it has one, else its page here. */
export function channelLink(podcast: Pick<Podcast, 'id' | 'websiteUrl'>, publicUrl: string): string {
  return podcast.websiteUrl || podcastPageUrl(publicUrl, podcast.id);
}
