import {
  ANALYTICS_CACHE_TTL_MS,
  dashboardAnalyticsSchema,
  episodeAnalyticsSchema,
  errorCatalogue,
  feedAnalyticsSchema,
  podcastAnalyticsSchema,
  type AnalyticsTimeRange,
  type EpisodeAnalytics,
  type FeedAnalytics,
  type PodcastAnalytics,
} from '@castbase/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';

// The analytics screens' reads (spec 3 §7): the episode, podcast, dashboard-card and feed answers of the analytics
// service, each parsed with its contracts schema. A query's key holds the podcast (and episode) and the time range;
// an answer stays fresh 5 minutes, as long as the server keeps it. Changing the range keeps the last answer on screen
// until the new one arrives (`isPlaceholderData`); `refetch()` is Refresh and Retry.

const idSchema = z.uuid();

/** Every analytics query starts with this, then the podcast id: `invalidateQueries` on it reloads a podcast's. */
export const ANALYTICS_QUERY_ROOT = 'analytics';

export const analyticsQueryKeys = {
  podcastRoot: (podcastId: string) => [ANALYTICS_QUERY_ROOT, podcastId] as const,
  episode: (podcastId: string, episodeId: string, range: AnalyticsTimeRange) =>
    [ANALYTICS_QUERY_ROOT, podcastId, 'episode', episodeId, range] as const,
  podcast: (podcastId: string, range: AnalyticsTimeRange) =>
    [ANALYTICS_QUERY_ROOT, podcastId, 'podcast', range] as const,
  dashboard: (podcastId: string) => [ANALYTICS_QUERY_ROOT, podcastId, 'dashboard'] as const,
  feed: (podcastId: string, range: AnalyticsTimeRange) =>
    [ANALYTICS_QUERY_ROOT, podcastId, 'feed', range] as const,
};

const podcastPath = (podcastId: string) => `/podcasts/${encodeURIComponent(podcastId)}`;
const withRange = (path: string, range: AnalyticsTimeRange) =>
  `${path}?timeRange=${encodeURIComponent(range)}`;

/**
 * An id that is not a UUID names nothing: it is answered as not found here, with the message the server gives for
 * it, and never sent.
 */
function requireIds(ids: Partial<Record<'PODCAST_NOT_FOUND' | 'EPISODE_NOT_FOUND', string>>): void {
  for (const [code, id] of Object.entries(ids) as Array<
    ['PODCAST_NOT_FOUND' | 'EPISODE_NOT_FOUND', string]
  >) {
    if (!idSchema.safeParse(id).success) throw new ApiError(errorCatalogue[code].message, 404, code);
  }
}

/**
 * While another range of the same podcast or episode loads, its last answer stays on screen (the screen marks it as
 * loading); another podcast's or episode's never stands in.
 */
function previousRangeOf<T>(key: readonly string[]) {
  return (
    previous: T | undefined,
    previousQuery: { queryKey: readonly unknown[] } | undefined,
  ): T | undefined => {
    const before = previousQuery?.queryKey;
    const sameSubject =
      before !== undefined &&
      before.length === key.length &&
      key.slice(0, -1).every((part, index) => before[index] === part);
    return sameSubject ? previous : undefined;
  };
}

/** An episode's analytics over `range` (spec 3 §2.2). */
export function useEpisodeAnalytics(podcast: string, episode: string, range: AnalyticsTimeRange) {
  const api = useApiClient();
  const queryKey = analyticsQueryKeys.episode(podcast, episode, range);
  return useQuery<EpisodeAnalytics, Error, EpisodeAnalytics, typeof queryKey>({
    queryKey,
    queryFn: ({ signal }) => {
      requireIds({ PODCAST_NOT_FOUND: podcast, EPISODE_NOT_FOUND: episode });
      return api.get(
        withRange(`${podcastPath(podcast)}/episodes/${encodeURIComponent(episode)}/analytics`, range),
        episodeAnalyticsSchema,
        signal,
      );
    },
    staleTime: ANALYTICS_CACHE_TTL_MS,
    placeholderData: previousRangeOf<EpisodeAnalytics>(queryKey),
  });
}

/** A podcast's analytics over `range` (spec 3 §2.3). */
export function usePodcastAnalytics(podcast: string, range: AnalyticsTimeRange) {
  const api = useApiClient();
  const queryKey = analyticsQueryKeys.podcast(podcast, range);
  return useQuery<PodcastAnalytics, Error, PodcastAnalytics, typeof queryKey>({
    queryKey,
    queryFn: ({ signal }) => {
      requireIds({ PODCAST_NOT_FOUND: podcast });
      return api.get(withRange(`${podcastPath(podcast)}/analytics`, range), podcastAnalyticsSchema, signal);
    },
    staleTime: ANALYTICS_CACHE_TTL_MS,
    placeholderData: previousRangeOf<PodcastAnalytics>(queryKey),
  });
}

/** The dashboard's Analytics Overview card: the last 30 days (spec 2 §2). */
export function useDashboardAnalytics(podcast: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: analyticsQueryKeys.dashboard(podcast),
    queryFn: ({ signal }) => {
      requireIds({ PODCAST_NOT_FOUND: podcast });
      return api.get(`${podcastPath(podcast)}/analytics/dashboard`, dashboardAnalyticsSchema, signal);
    },
    staleTime: ANALYTICS_CACHE_TTL_MS,
  });
}

/** The feed's (RSS) analytics over `range` (spec 3 §3 "Feed (RSS) analytics"). */
export function useFeedAnalytics(podcast: string, range: AnalyticsTimeRange) {
  const api = useApiClient();
  const queryKey = analyticsQueryKeys.feed(podcast, range);
  return useQuery<FeedAnalytics, Error, FeedAnalytics, typeof queryKey>({
    queryKey,
    queryFn: ({ signal }) => {
      requireIds({ PODCAST_NOT_FOUND: podcast });
      return api.get(withRange(`${podcastPath(podcast)}/analytics/feed`, range), feedAnalyticsSchema, signal);
    },
    staleTime: ANALYTICS_CACHE_TTL_MS,
    placeholderData: previousRangeOf<FeedAnalytics>(queryKey),
  });
}
