/** The product's name, as people see it. */
export const PRODUCT_NAME = 'Castbase';

/**
 * First path segments of the public hot paths that podcast apps and players call (feeds, enclosure redirects):
 * nearly all of the traffic, so they take the leanest route through a process (no access-log line among others).
 */
export const PUBLIC_HOT_PATHS = ['feeds', 'e'] as const;
