import { podcastSummarySchema } from '@castbase/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../api/use-api-client.js';
import { useAuth } from '../auth/auth-context.js';

export const podcastListSchema = z.object({ items: z.array(podcastSummarySchema) });

export function podcastListQueryKey(userId: string | undefined) {
  return ['podcasts', 'list', userId] as const;
}

/** The signed-in user's podcasts (`GET /api/podcasts`). */
export function usePodcastList() {
  const { status, user } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: podcastListQueryKey(user?.id),
    queryFn: async ({ signal }) => (await api.get('/podcasts', podcastListSchema, signal)).items,
    enabled: status === 'signed-in',
    // A failed listing is not fetched again just because another part of the page starts reading it: the
    // placeholder route renders the shell after a failure, and refetching there would flip both back to loading.
    retryOnMount: false,
  });
}

export function podcastCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'podcast' : 'podcasts'}`;
}
