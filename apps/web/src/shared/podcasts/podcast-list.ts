import { podcastSummarySchema, type PodcastSummary } from '@castbase/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../api/api-client.js';
import { useApiClient } from '../api/use-api-client.js';
import { useAuth } from '../auth/auth-context.js';

const podcastListSchema = z.object({ items: z.array(podcastSummarySchema) });

/** The signed-in user's podcasts (`GET /api/podcasts`). */
export async function fetchPodcastList(api: ApiClient, signal?: AbortSignal): Promise<PodcastSummary[]> {
  return (await api.get('/podcasts', podcastListSchema, signal)).items;
}

export function podcastListQueryKey(userId: string | undefined) {
  return ['podcasts', 'list', userId] as const;
}

/** The signed-in user's podcasts (`GET /api/podcasts`). */
export function usePodcastList() {
  const { status, user } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: podcastListQueryKey(user?.id),
    queryFn: ({ signal }) => fetchPodcastList(api, signal),
    enabled: status === 'signed-in',
    // A failed listing is not fetched again just because another part of the page starts reading it: the
    // placeholder route renders the shell after a failure, and refetching there would flip both back to loading.
    retryOnMount: false,
  });
}

export function podcastCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'podcast' : 'podcasts'}`;
}
