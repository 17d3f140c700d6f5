// The feed variants of spec 2 §9 and their public addresses (`/feeds/{username}/{slug-or-id}{suffix}.xml`).

/** Items per variant. The recent feed has 50: spec 2 gives 50 (the generator) and 25 (the dashboard); see docs/feeds.md. */
export const FEED_ITEM_LIMITS = {
  main: 300,
  recent: 50,
  preview: 10,
  archivePage: 100,
  full: 10_000,
} as const;

/** The full feed warns above this many items (spec 2 §9). */
export const FULL_FEED_WARNING_ITEMS = 1000;
/** A feed document above 5 MB is a warning, above 10 MB an error (spec 2 §9). */
export const FEED_SIZE_WARNING_BYTES = 5 * 1024 * 1024;
export const FEED_SIZE_ERROR_BYTES = 10 * 1024 * 1024;
/** The RSS widget offers the variant selector only above this many published episodes (spec 2 §2). */
export const FEED_VARIANT_SELECTOR_MIN_EPISODES = 250;

export type FeedVariant =
  | { kind: 'main' }
  | { kind: 'recent' }
  | { kind: 'preview' }
  | { kind: 'full' }
  /** Page 1 holds the 100 episodes after the main feed's 300 (newest first), page 2 the next 100, and so on. */
  | { kind: 'archive'; page: number };

export const MAIN_FEED: FeedVariant = { kind: 'main' };

/** How many archive pages `episodes` feed items make: ceil((n − 300) / 100), never below 0 (spec 2 §9). */
export function archivePageCount(episodes: number): number {
  return Math.max(0, Math.ceil((episodes - FEED_ITEM_LIMITS.main) / FEED_ITEM_LIMITS.archivePage));
}

/** The full feed exists only when the main feed cannot hold every episode (spec 2 §7). */
export function hasFullFeed(episodes: number): boolean {
  return episodes > FEED_ITEM_LIMITS.main;
}

/** The variants a podcast with `episodes` feed items has: main, recent, preview, each archive page, and full. */
export function feedVariantsFor(episodes: number): FeedVariant[] {
  const variants: FeedVariant[] = [{ kind: 'main' }, { kind: 'recent' }, { kind: 'preview' }];
  for (let page = 1; page <= archivePageCount(episodes); page++) variants.push({ kind: 'archive', page });
  if (hasFullFeed(episodes)) variants.push({ kind: 'full' });
  return variants;
}

/** The zero-based range of the newest-first episode list a variant holds. */
export function feedVariantRange(variant: FeedVariant): { start: number; end: number } {
  switch (variant.kind) {
    case 'main':
      return { start: 0, end: FEED_ITEM_LIMITS.main };
    case 'recent':
      return { start: 0, end: FEED_ITEM_LIMITS.recent };
    case 'preview':
      return { start: 0, end: FEED_ITEM_LIMITS.preview };
    case 'full':
      return { start: 0, end: FEED_ITEM_LIMITS.full };
    case 'archive': {
      const start = FEED_ITEM_LIMITS.main + (variant.page - 1) * FEED_ITEM_LIMITS.archivePage;
      return { start, end: start + FEED_ITEM_LIMITS.archivePage };
    }
  }
}

/** '' for the main feed, else '-recent', '-preview', '-full' or '-archive-{n}'. */
export function feedVariantSuffix(variant: FeedVariant): string {
  return variant.kind === 'main'
    ? ''
    : variant.kind === 'archive'
      ? `-archive-${variant.page}`
      : `-${variant.kind}`;
}

/** A stable key for storing and caching a variant: 'main', 'recent', 'preview', 'full', 'archive-3'. */
export function feedVariantKey(variant: FeedVariant): string {
  return variant.kind === 'archive' ? `archive-${variant.page}` : variant.kind;
}

const FEED_FILE_NAME = /^(.+?)(?:-(recent|preview|full)|-archive-([1-9]\d{0,4}))?\.xml$/;

/**
 * Reads the last path segment of a feed URL: `{slug-or-id}{suffix}.xml`. A slug may itself end in '-recent' (a podcast
 * called 'the-recent'): `candidates` lists every reading, the longest slug first, for the caller to try in order.
 */
export function parseFeedFileName(fileName: string): { slugOrId: string; variant: FeedVariant }[] {
  if (!fileName.endsWith('.xml')) return [];
  const readings: { slugOrId: string; variant: FeedVariant }[] = [
    { slugOrId: fileName.slice(0, -4), variant: MAIN_FEED },
  ];
  const match = FEED_FILE_NAME.exec(fileName);
  if (match && (match[2] || match[3])) {
    const variant: FeedVariant = match[3]
      ? { kind: 'archive', page: Number(match[3]) }
      : { kind: match[2] as 'recent' | 'preview' | 'full' };
    readings.push({ slugOrId: match[1]!, variant });
  }
  return readings;
}
