/**
 * The public pages change when a creator edits or publishes: a minute of caching (browsers and CDNs), served stale
 * while a fresh copy is fetched, keeps them fast without holding an edit back for long.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** A missing page may be published a moment later ('View Live' right after Publish): not kept. */
export const NOT_FOUND_CACHE_CONTROL = 'no-cache';
