import { feedPath, podcastGuidForFeedUrl } from '@castbase/contracts';

/**
 * podcast:guid for a new podcast: the namespace's UUIDv5 of its main feed's URL as it is when the podcast is created.
 * Computed once; a later slug or username change moves the feed, never the guid (apps match the show by it).
 */
export function podcastGuidAtCreation(
  publicUrl: string,
  podcast: { id: string; ownerUsername: string | null; slug: string },
): string {
  return podcastGuidForFeedUrl(`${publicUrl}${feedPath(podcast)}`);
}
