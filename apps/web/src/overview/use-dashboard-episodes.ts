import { RECENT_EPISODES_ON_DASHBOARD, type EpisodeListQuery } from '@castbase/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi } from '../shared/episodes/episodes-api.js';

const recentQuery: EpisodeListQuery = {
  sort: 'createdAt',
  direction: 'desc',
  page: 1,
  pageSize: RECENT_EPISODES_ON_DASHBOARD,
};

/** The podcast's newest episodes, with its counts by status (the first page of the list, newest first). */
export function useRecentEpisodes(podcastId: string) {
  return useEpisodePage(podcastId, recentQuery);
}

export function useEpisodePage(podcastId: string, query: EpisodeListQuery) {
  const api = useApiClient();
  return useQuery({
    queryKey: episodeQueryKeys.list(podcastId, query),
    queryFn: ({ signal }) => episodesApi.list(api, podcastId, query, signal),
  });
}
