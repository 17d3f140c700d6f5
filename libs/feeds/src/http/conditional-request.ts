import { FEED_ENCODINGS, type FeedEncoding } from './content-encoding.js';

/**
 * The entity tag of one coding of the feed. Each coding is its own representation, so each gets its own strong
 * tag (RFC 9110 §8.8.3): `"abc"`, `"abc-br"`, `"abc-gzip"`.
 */
export function representationEtag(etag: string, encoding: FeedEncoding): string {
  return encoding === 'identity' ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

export interface ConditionalHeaders {
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}

/**
 * Whether a GET or HEAD may be answered 304 (RFC 9110 §13.2.2): If-None-Match when present — weak comparison,
 * and a tag of any coding of the current XML matches, since a client holding any of them holds the current
 * feed — otherwise If-Modified-Since against the generation time (to the second, as HTTP dates go).
 */
export function isNotModified(headers: ConditionalHeaders, etag: string, lastModified: Date): boolean {
  if (headers.ifNoneMatch !== undefined) return ifNoneMatchMatches(headers.ifNoneMatch, etag);
  if (headers.ifModifiedSince !== undefined) {
    const since = Date.parse(headers.ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

function ifNoneMatchMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const current = opaqueTag(etag);
  const currentTags = new Set([current, ...FEED_ENCODINGS.map((encoding) => `${current}-${encoding}`)]);
  return header.split(',').some((candidate) => currentTags.has(opaqueTag(candidate.trim())));
}

function opaqueTag(tag: string): string {
  return tag.replace(/^W\//, '').replace(/^"|"$/g, '');
}
