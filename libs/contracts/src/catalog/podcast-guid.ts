import { v5 as uuidV5 } from 'uuid';

// podcast:guid of the podcastindex.org namespace 1.0. A module of its own, outside the podcast's schema: the web app
// never makes one, so the UUIDv5 (SHA-1) code stays out of every screen's bundle.

/** The podcastindex.org namespace's UUID for podcast:guid (UUIDv5 namespace of feed URLs). */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/**
 * podcast:guid as the namespace defines it: the UUIDv5 of the feed URL without its scheme and trailing slashes
 * (the namespace's example:
 * 'https://mp3s.nashownotes.com/pc20rss.xml' → '917393e3-1b1e-5cef-ace4-edaa54e1f810'). Fixed when the podcast is created and never changed after.
 */
export function podcastGuidForFeedUrl(feedUrl: string): string {
  const withoutScheme = feedUrl.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  return uuidV5(withoutScheme.replace(/\/+$/, ''), PODCAST_GUID_NAMESPACE);
}
