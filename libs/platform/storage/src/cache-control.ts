/**
 * For objects whose key is never written twice (media: every upload and output gets a key of its own): caches and
 * podcast apps may keep them for a year without asking again.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
