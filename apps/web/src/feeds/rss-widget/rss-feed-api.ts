import {
  FEED_AUTO_REFRESH_INTERVAL_MS,
  feedStatusSchema,
  feedTestRequests,
  feedTestResultSchema,
  type FeedStatus,
} from '@castbase/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';

const podcastIdSchema = z.uuid();
const lastFeedTestSchema = feedTestRequests.getFeedTest.reply;

/** Every query about feeds starts with this: a generation refreshes them all (the dashboard tile's too). */
const FEEDS_QUERY_ROOT = ['feeds'] as const;
const rssStatusKey = (podcastId: string) => [...FEEDS_QUERY_ROOT, 'rss-status', podcastId] as const;
const feedTestKey = (podcastId: string) => [...FEEDS_QUERY_ROOT, 'test', podcastId] as const;

const feedPath = (podcastId: string) => `/podcasts/${encodeURIComponent(podcastId)}/feed`;

/**
 * The podcast's RSS status (`GET /api/podcasts/{id}/feed`), null before the first generation. Ids that are not UUIDs
 * are never asked about (spec 2 §5). With auto-refresh on it is read again every 5 minutes.
 */
export function useRssStatus(podcastId: string, autoRefresh: boolean) {
  const api = useApiClient();
  const validId = podcastIdSchema.safeParse(podcastId).success;
  return useQuery({
    queryKey: rssStatusKey(podcastId),
    queryFn: async ({ signal }): Promise<FeedStatus | null> => {
      try {
        return await api.get(feedPath(podcastId), feedStatusSchema, signal);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'FEED_NOT_FOUND') return null;
        throw error;
      }
    },
    enabled: validId,
    refetchInterval: autoRefresh ? FEED_AUTO_REFRESH_INTERVAL_MS : false,
  });
}

/** Generate / Update / Regenerate RSS (`POST /api/podcasts/{id}/feed`): answers the new status. */
export function useGenerateFeed(podcastId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request(feedPath(podcastId), { method: 'POST', response: feedStatusSchema }),
    onSuccess: async (status) => {
      queryClient.setQueryData(rssStatusKey(podcastId), status);
      await queryClient.invalidateQueries({ queryKey: FEEDS_QUERY_ROOT });
    },
  });
}

/** The feed's last test, kept on the server (`GET /api/podcasts/{id}/feed/test`); null before the first. */
export function useLastFeedTest(podcastId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: feedTestKey(podcastId),
    queryFn: async ({ signal }) =>
      (await api.get(`${feedPath(podcastId)}/test`, lastFeedTestSchema, signal)).result,
    enabled: podcastIdSchema.safeParse(podcastId).success,
  });
}

/** Test Feed (`POST /api/podcasts/{id}/feed/test`): the live feed fetched and scored now. */
export function useRunFeedTest(podcastId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request(`${feedPath(podcastId)}/test`, { method: 'POST', response: feedTestResultSchema }),
    onSuccess: (result) => queryClient.setQueryData(feedTestKey(podcastId), result),
  });
}
