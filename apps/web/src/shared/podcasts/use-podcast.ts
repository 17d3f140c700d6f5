import { can, podcastSchema, type Podcast, type PodcastPermission } from '@castbase/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client.js';
import { useApiClient } from '../api/use-api-client.js';
import { useAuth } from '../auth/auth-context.js';
import { isUnresolvedPodcastId } from './podcast-ids.js';

export function podcastQueryKey(podcastId: string) {
  return ['podcasts', 'one', podcastId] as const;
}

/** One podcast with the caller's role on it (`GET /api/podcasts/{id}`). */
export function fetchPodcast(api: ApiClient, podcastId: string, signal?: AbortSignal): Promise<Podcast> {
  return api.get(`/podcasts/${encodeURIComponent(podcastId)}`, podcastSchema, signal);
}

/** The podcast of the current route; 'placeholder' and 'unknown' are never fetched. */
export function usePodcast(podcastId: string) {
  const { status } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: podcastQueryKey(podcastId),
    queryFn: ({ signal }) => fetchPodcast(api, podcastId, signal),
    enabled: status === 'signed-in' && !isUnresolvedPodcastId(podcastId),
  });
}

/** Whether the caller's role on the podcast allows `permission` (false while it loads). */
export function useCan(podcastId: string, permission: PodcastPermission): boolean {
  const podcast = usePodcast(podcastId);
  return can(podcast.data?.role, permission);
}
