import {
  episodeListPageSchema,
  episodeSchema,
  episodeVersionSchema,
  type CreateEpisodeInput,
  type Episode,
  type EpisodeListPage,
  type EpisodeListQuery,
  type EpisodeVersion,
  type UpdateEpisodeInput,
} from '@castbase/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../api/api-client.js';

// Every episode call of the web app, one function a route (the gateway's /api/podcasts/{id}/episodes and
// /api/episodes/{id}/…), with the query keys the screens share.

const podcastEpisodesPath = (podcastId: string) => `/podcasts/${encodeURIComponent(podcastId)}/episodes`;
const episodePath = (episodeId: string, rest = '') => `/episodes/${encodeURIComponent(episodeId)}${rest}`;

export const episodeQueryKeys = {
  /** Every episode query (lists, one episode, versions). */
  all: ['episodes'] as const,
  lists: (podcastId: string) => ['episodes', 'list', podcastId] as const,
  list: (podcastId: string, query: EpisodeListQuery) => ['episodes', 'list', podcastId, query] as const,
  one: (episodeId: string) => ['episodes', 'one', episodeId] as const,
  versions: (episodeId: string) => ['episodes', 'versions', episodeId] as const,
};

/** The query string of a list query: only the values set. */
export function episodeListSearch(query: EpisodeListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as Array<
    [string, string | number | boolean | undefined]
  >) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

export const episodesApi = {
  list: (
    api: ApiClient,
    podcastId: string,
    query: EpisodeListQuery,
    signal?: AbortSignal,
  ): Promise<EpisodeListPage> =>
    api.get(`${podcastEpisodesPath(podcastId)}${episodeListSearch(query)}`, episodeListPageSchema, signal),
  create: (api: ApiClient, podcastId: string, input: CreateEpisodeInput): Promise<Episode> =>
    api.request(podcastEpisodesPath(podcastId), { method: 'POST', body: input, response: episodeSchema }),
  get: (api: ApiClient, episodeId: string, signal?: AbortSignal): Promise<Episode> =>
    api.get(episodePath(episodeId), episodeSchema, signal),
  update: (api: ApiClient, episodeId: string, input: UpdateEpisodeInput): Promise<Episode> =>
    api.request(episodePath(episodeId), { method: 'PATCH', body: input, response: episodeSchema }),
  remove: (api: ApiClient, episodeId: string): Promise<unknown> =>
    api.request(episodePath(episodeId), { method: 'DELETE', response: z.object({ episodeId: z.string() }) }),
  publish: (api: ApiClient, episodeId: string): Promise<Episode> =>
    api.request(episodePath(episodeId, '/publish'), { method: 'POST', response: episodeSchema }),
  unpublish: (api: ApiClient, episodeId: string): Promise<Episode> =>
    api.request(episodePath(episodeId, '/unpublish'), { method: 'POST', response: episodeSchema }),
  schedule: (api: ApiClient, episodeId: string, scheduledReleaseDate: string): Promise<Episode> =>
    api.request(episodePath(episodeId, '/schedule'), {
      method: 'POST',
      body: { scheduledReleaseDate },
      response: episodeSchema,
    }),
  cancelSchedule: (api: ApiClient, episodeId: string): Promise<Episode> =>
    api.request(episodePath(episodeId, '/cancel-schedule'), { method: 'POST', response: episodeSchema }),
  duplicate: (api: ApiClient, episodeId: string): Promise<Episode> =>
    api.request(episodePath(episodeId, '/duplicate'), { method: 'POST', response: episodeSchema }),
  versions: (api: ApiClient, episodeId: string, signal?: AbortSignal): Promise<EpisodeVersion[]> =>
    api
      .get(episodePath(episodeId, '/versions'), z.object({ items: z.array(episodeVersionSchema) }), signal)
      .then((page) => page.items),
  restore: (api: ApiClient, episodeId: string, versionId: string, revision: number): Promise<Episode> =>
    api.request(episodePath(episodeId, `/versions/${encodeURIComponent(versionId)}/restore`), {
      method: 'POST',
      body: { revision },
      response: episodeSchema,
    }),
};

/** After any change to an episode: every list, the episode and its versions are read again. */
export function invalidateEpisodes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: episodeQueryKeys.all });
}
