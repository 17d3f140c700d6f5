import {
  PUBLIC_PAGE_DATA_ELEMENT_ID,
  publicEpisodePageSchema,
  publicPageDataSchema,
  publicPodcastPageSchema,
  type PublicEpisodePage,
  type PublicPageData,
  type PublicPodcastPage,
} from '@castbase/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError } from '../shared/api/api-error.js';
import { useApiClient } from '../shared/api/use-api-client.js';

/** A page that changed a minute ago is fresh enough: the server caches it as long. */
const PUBLIC_PAGE_STALE_MS = 60_000;

let embedded: PublicPageData | null | undefined;

/**
 * The data the server rendered into the page (`/episode/{id}`, `/podcast/{name}`), read once: the first screen shows
 * from it without asking the API; a page reached by navigating in the app asks the API.
 */
function embeddedPageData(): PublicPageData | null {
  if (embedded !== undefined) return embedded;
  const text = document.getElementById(PUBLIC_PAGE_DATA_ELEMENT_ID)?.textContent;
  let parsed: PublicPageData | null = null;
  try {
    const result = text ? publicPageDataSchema.safeParse(JSON.parse(text)) : null;
    parsed = result?.success ? result.data : null;
  } catch {
    parsed = null;
  }
  embedded = parsed;
  return embedded;
}

/** A missing page is answered once: asking again will not make it exist. */
const retryUnlessNotFound = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && failures < 2;

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export const publicEpisodeQueryKey = (episodeId: string) => ['public-episode', episodeId] as const;
export const publicPodcastQueryKey = (name: string, page: number, season: number | null) =>
  ['public-podcast', name, page, season] as const;

export function usePublicEpisodePage(episodeId: string) {
  const api = useApiClient();
  return useQuery<PublicEpisodePage>({
    queryKey: publicEpisodeQueryKey(episodeId),
    queryFn: ({ signal }) =>
      api.get(`/public/episodes/${encodeURIComponent(episodeId)}`, publicEpisodePageSchema, signal),
    initialData: () => {
      const data = embeddedPageData();
      return data?.kind === 'episode' && data.page.episode.id === episodeId ? data.page : undefined;
    },
    staleTime: PUBLIC_PAGE_STALE_MS,
    retry: retryUnlessNotFound,
  });
}

export function usePublicPodcastPage(name: string, page: number, season: number | null) {
  const api = useApiClient();
  return useQuery<PublicPodcastPage>({
    queryKey: publicPodcastQueryKey(name, page, season),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page) });
      if (season) query.set('season', String(season));
      return api.get(
        `/public/podcasts/${encodeURIComponent(name)}?${query.toString()}`,
        publicPodcastPageSchema,
        signal,
      );
    },
    initialData: () => {
      const data = embeddedPageData();
      return data?.kind === 'podcast' &&
        data.name === name &&
        data.page.page === page &&
        data.page.season === season
        ? data.page
        : undefined;
    },
    placeholderData: (previous) => previous,
    staleTime: PUBLIC_PAGE_STALE_MS,
    retry: retryUnlessNotFound,
  });
}

/**
 * The handler for a player's `error`: the published file may have been re-tagged under a new address since the page
 * was loaded (a chapter edit re-tags the MP3 and removes the old file), so the page's data is asked for again once
 * per address; the player then loads the new one. An address that fails again stays failed.
 */
export function useReloadOnMediaError(queryKey: readonly unknown[], src: string | undefined): () => void {
  const queryClient = useQueryClient();
  const retried = useRef<string | undefined>(undefined);
  return useCallback(() => {
    if (!src || retried.current === src) return;
    retried.current = src;
    void queryClient.invalidateQueries({ queryKey });
  }, [queryClient, src, queryKey]);
}
