import { representationEtag } from './conditional-request.js';
import type { FeedEncoding } from './content-encoding.js';

export const FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';
/** Podcast apps poll feeds; five minutes of reuse by them and by any CDN in front is the spec's cache time. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';
/** A private feed's URL carries its token: no shared cache may keep it. */
export const PRIVATE_FEED_CACHE_CONTROL = 'private, max-age=300';

/** The headers of one coding of one feed version: a 200's and a 304's. Made once per version and coding, then shared. */
export interface FeedResponseHeaders {
  readonly ok: Readonly<Record<string, string>>;
  readonly notModified: Readonly<Record<string, string>>;
}

export function feedResponseHeaders(
  feed: { etag: string; lastModified: string; private: boolean },
  encoding: FeedEncoding,
  contentLength: number,
): FeedResponseHeaders {
  const notModified: Record<string, string> = {
    'Cache-Control': feed.private ? PRIVATE_FEED_CACHE_CONTROL : FEED_CACHE_CONTROL,
    ETag: representationEtag(feed.etag, encoding),
    'Last-Modified': feed.lastModified,
    Vary: 'Accept-Encoding',
  };
  const ok: Record<string, string> = { ...notModified, 'Content-Type': FEED_CONTENT_TYPE };
  if (encoding !== 'identity') ok['Content-Encoding'] = encoding;
  ok['Content-Length'] = String(contentLength);
  return { ok: Object.freeze(ok), notModified: Object.freeze(notModified) };
}
