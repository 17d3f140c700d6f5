import {
  DEFAULT_EPISODE_PAGE_SIZE,
  defaultSortDirection,
  episodeListQuerySchema,
  type EpisodeSortField,
  type ParsedEpisodeListQuery,
  type SortDirection,
} from '@castbase/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

// The All Episodes filters, sort and page live in the address's query, so a reload, a shared link and Back show
// the same list. Values the contract refuses are ignored.

/** The filters of the list, as the address keeps them. */
export const FILTER_KEYS = [
  'search',
  'status',
  'media',
  'inRss',
  'explicit',
  'episodeType',
  'season',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const QUERY_KEYS = [...FILTER_KEYS, 'sort', 'direction', 'page', 'pageSize'] as const;
type QueryKey = (typeof QUERY_KEYS)[number];

export interface EpisodeListParams {
  query: Partial<Pick<ParsedEpisodeListQuery, FilterKey>> & {
    sort: EpisodeSortField;
    direction: SortDirection;
    page: number;
    pageSize: number;
  };
  /**
   * Sets or clears query values; a change of filter or sort goes back to page 1. Each change is a step Back can
   * undo, unless `replace` (a correction the person did not ask for).
   */
  update: (
    changes: Partial<Record<QueryKey, string | number | boolean | undefined>>,
    options?: { replace?: boolean },
  ) => void;
  clearFilters: () => void;
}

export function useEpisodeListParams(): EpisodeListParams {
  const [searchParams, setSearchParams] = useSearchParams();

  const query = useMemo(() => readQuery(searchParams), [searchParams]);

  const update = useCallback<EpisodeListParams['update']>(
    (changes, options) =>
      setSearchParams(
        () => {
          const next = latestSearch();
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: options?.replace ?? false },
      ),
    [setSearchParams],
  );

  const clearFilters = useCallback(
    () =>
      setSearchParams(() => {
        const next = latestSearch();
        for (const key of [...FILTER_KEYS, 'page']) next.delete(key);
        return next;
      }),
    [setSearchParams],
  );

  return { query, update, clearFilters };
}

function readQuery(searchParams: URLSearchParams): EpisodeListParams['query'] {
  const shape = episodeListQuerySchema.shape;
  const values: Partial<Record<QueryKey, unknown>> = {};
  for (const key of QUERY_KEYS) {
    const raw = searchParams.get(key);
    if (raw === null || raw === '') continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) values[key] = parsed.data;
  }
  const sort = (values.sort as EpisodeSortField | undefined) ?? 'createdAt';
  return {
    ...(values as Partial<Pick<ParsedEpisodeListQuery, FilterKey>>),
    sort,
    direction: (values.direction as SortDirection | undefined) ?? defaultSortDirection(sort),
    page: (values.page as number | undefined) ?? 1,
    pageSize: (values.pageSize as number | undefined) ?? DEFAULT_EPISODE_PAGE_SIZE,
  };
}

/**
 * The address's query as it is now. React Router hands a functional update the query of the last render, so two
 * changes before the next render (two filters chosen quickly) would lose the first; the location is always current.
 */
function latestSearch(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
