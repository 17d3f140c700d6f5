import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi } from '../shared/episodes/episodes-api.js';
import { fetchMediaFile, mediaQueryKeys } from '../shared/media-upload/media-api.js';

/** A page of the podcast's video episodes, newest first (`media=video`). */
export function useVideoEpisodes(podcastId: string, page: number, pageSize: number) {
  const api = useApiClient();
  const query = { media: 'video', sort: 'createdAt', direction: 'desc', page, pageSize } as const;
  return useQuery({
    queryKey: episodeQueryKeys.list(podcastId, query),
    queryFn: ({ signal }) => episodesApi.list(api, podcastId, query, signal),
  });
}

const RENDER_JOB_TYPES = new Set(['video-trim', 'video-export', 'video-short']);
/** How often a render's progress is read while it runs. */
const RENDER_POLL_MS = 1000;

/**
 * A video's media file with its outputs and jobs (`GET /api/media/:id`), read again every second while one of its
 * renders is queued or running (the event stream follows processing, not renders of a ready video).
 */
export function useVideoMediaFile(mediaId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: mediaQueryKeys.file(mediaId ?? ''),
    queryFn: ({ signal }) => fetchMediaFile(api, mediaId ?? '', signal),
    enabled: mediaId !== null,
    staleTime: 60_000,
    refetchInterval: (query) =>
      query.state.data?.jobs.some(
        (job) => RENDER_JOB_TYPES.has(job.type) && (job.status === 'queued' || job.status === 'running'),
      )
        ? RENDER_POLL_MS
        : false,
  });
}
