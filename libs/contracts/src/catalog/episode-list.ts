import { z } from 'zod';
import { episodeSchema, episodeStatusSchema, episodeTypeSchema } from './episode.js';

/** Sort fields of the episode list (spec 2 §9); created_at descending is the default. */
export const EPISODE_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'title',
  'duration',
  'status',
  'plays',
] as const;
export const episodeSortFieldSchema = z.enum(EPISODE_SORT_FIELDS);
export type EpisodeSortField = z.infer<typeof episodeSortFieldSchema>;
export type SortDirection = 'asc' | 'desc';

export const episodeSortLabels: Record<EpisodeSortField, string> = {
  createdAt: 'Created',
  updatedAt: 'Updated',
  title: 'Title',
  duration: 'Duration',
  status: 'Status',
  plays: 'Plays',
};

/** The direction a sort field starts in: title ascending first, the others descending. */
export function defaultSortDirection(field: EpisodeSortField): SortDirection {
  return field === 'title' ? 'asc' : 'desc';
}

/** Clicking a sort field: the active one flips, another starts in its own default direction. */
export function nextSort(
  current: { sort: EpisodeSortField; direction: SortDirection },
  clicked: EpisodeSortField,
): { sort: EpisodeSortField; direction: SortDirection } {
  if (clicked === current.sort)
    return { sort: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { sort: clicked, direction: defaultSortDirection(clicked) };
}

/** Status order when sorting by status ascending is draft < scheduled < published, so descending puts published first. */
export const STATUS_SORT_RANK = { draft: 1, scheduled: 2, published: 3 } as const;

export const EPISODE_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_EPISODE_PAGE_SIZE = 20;

/** A query-string boolean: 'true' or 'false' (or a real boolean over the bus). */
const queryBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);

/**
 * The All Episodes filters, sort and page (`GET /api/podcasts/{id}/episodes?…`). Every filter is optional and they
 * combine with AND; `search` matches title, description or a tag, case-insensitively.
 */
export const episodeListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: episodeStatusSchema.optional(),
  media: z.enum(['audio', 'video']).optional(),
  inRss: queryBoolean.optional(),
  explicit: queryBoolean.optional(),
  episodeType: episodeTypeSchema.optional(),
  season: z.coerce.number().int().positive().optional(),
  sort: episodeSortFieldSchema.default('createdAt'),
  /** Without one, the field's own default direction. */
  direction: z.enum(['asc', 'desc']).optional(),
  page: z.coerce.number().int().positive().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(DEFAULT_EPISODE_PAGE_SIZE),
});
export type EpisodeListQuery = z.input<typeof episodeListQuerySchema>;
export type ParsedEpisodeListQuery = z.output<typeof episodeListQuerySchema>;

/** The filters a query has set (for 'Clear Filters' and the empty state). */
export function activeEpisodeFilters(query: EpisodeListQuery): string[] {
  const keys = ['search', 'status', 'media', 'inRss', 'explicit', 'episodeType', 'season'] as const;
  return keys.filter((key) => query[key] !== undefined && query[key] !== '');
}

export const episodeListPageSchema = z.object({
  items: z.array(episodeSchema),
  /** Episodes matching the filters. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  /** The podcast's episodes by status, whatever the filters. */
  counts: z.object({
    all: z.number().int().nonnegative(),
    draft: z.number().int().nonnegative(),
    scheduled: z.number().int().nonnegative(),
    published: z.number().int().nonnegative(),
  }),
  /** Seasons that have episodes, ascending, for the season filter. */
  seasons: z.array(z.number().int()),
  /** The highest episode number in the podcast plus one (1 without any): the upload form's default. */
  nextEpisodeNumber: z.number().int().positive(),
});
export type EpisodeListPage = z.infer<typeof episodeListPageSchema>;
