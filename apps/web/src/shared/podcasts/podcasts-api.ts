import {
  contributorSchema,
  podcastSchema,
  type Contributor,
  type InviteContributorInput,
  type InviteRole,
  type Podcast,
  type PodcastSettingsInput,
} from '@castbase/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../api/api-client.js';
import { useApiClient } from '../api/use-api-client.js';
import { useAuth } from '../auth/auth-context.js';
import { isUnresolvedPodcastId } from './podcast-ids.js';
import { podcastQueryKey } from './use-podcast.js';

// The podcast calls of the web app besides reading one (use-podcast.ts) and listing them (podcast-list.ts):
// the Podcast tab's save, the private token, deletion and contributors.

const podcastApiPath = (podcastId: string, rest = '') => `/podcasts/${encodeURIComponent(podcastId)}${rest}`;
const contributorsPath = (podcastId: string, contributorId?: string) =>
  podcastApiPath(
    podcastId,
    contributorId === undefined ? '/contributors' : `/contributors/${encodeURIComponent(contributorId)}`,
  );

export const podcastsApi = {
  update: (api: ApiClient, podcastId: string, input: PodcastSettingsInput): Promise<Podcast> =>
    api.request(podcastApiPath(podcastId), { method: 'PUT', body: input, response: podcastSchema }),
  rotatePrivateToken: (api: ApiClient, podcastId: string): Promise<Podcast> =>
    api.request(podcastApiPath(podcastId, '/private-token'), { method: 'POST', response: podcastSchema }),
  remove: (api: ApiClient, podcastId: string): Promise<unknown> =>
    api.request(podcastApiPath(podcastId), { method: 'DELETE', response: z.unknown() }),
  contributors: (api: ApiClient, podcastId: string, signal?: AbortSignal): Promise<Contributor[]> =>
    api
      .get(contributorsPath(podcastId), z.object({ items: z.array(contributorSchema) }), signal)
      .then((page) => page.items),
  invite: (api: ApiClient, podcastId: string, input: InviteContributorInput): Promise<Contributor> =>
    api.request(contributorsPath(podcastId), { method: 'POST', body: input, response: contributorSchema }),
  changeRole: (api: ApiClient, podcastId: string, contributorId: string, role: InviteRole) =>
    api.request(contributorsPath(podcastId, contributorId), {
      method: 'PATCH',
      body: { role },
      response: contributorSchema,
    }),
  removeContributor: (api: ApiClient, podcastId: string, contributorId: string): Promise<unknown> =>
    api.request(contributorsPath(podcastId, contributorId), { method: 'DELETE', response: z.unknown() }),
};

export function contributorsQueryKey(podcastId: string) {
  return ['podcasts', 'contributors', podcastId] as const;
}

/** Every user's podcast list (podcastListQueryKey). */
const podcastListKeyPrefix = ['podcasts', 'list'] as const;

/** A change whose answer is the podcast as saved: it replaces the cached one, and the list is read again. */
function usePodcastChange<TInput>(
  podcastId: string,
  send: (api: ApiClient, podcastId: string, input: TInput) => Promise<Podcast>,
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send(api, podcastId, input),
    onSuccess: async (podcast) => {
      queryClient.setQueryData(podcastQueryKey(podcast.id), podcast);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: podcastListKeyPrefix }),
        // The feed is rendered again with the change (its status is read by useFeedStatus).
        queryClient.invalidateQueries({ queryKey: ['feeds', 'status', podcast.id] }),
      ]);
    },
  });
}

/** Save on the Podcast tab (`PUT /api/podcasts/{id}`, owner). */
export function useUpdatePodcast(podcastId: string) {
  return usePodcastChange(podcastId, (api, id, input: PodcastSettingsInput) =>
    podcastsApi.update(api, id, input),
  );
}

/** Rotate (`POST /api/podcasts/{id}/private-token`, owner): the old token stops working. */
export function useRotatePrivateToken(podcastId: string) {
  return usePodcastChange(podcastId, (api, id) => podcastsApi.rotatePrivateToken(api, id));
}

/**
 * Deletes the podcast with its episodes, files and feeds (`DELETE /api/podcasts/{id}`, owner). `leave` runs first
 * (the screen moves away from the podcast); only then is it dropped from the cache and the list read again, so no
 * screen still showing it sees it vanish.
 */
export function useDeletePodcast(podcastId: string, leave: () => void | Promise<void>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => podcastsApi.remove(api, podcastId),
    onSuccess: async () => {
      await leave();
      queryClient.removeQueries({ queryKey: podcastQueryKey(podcastId) });
      await queryClient.invalidateQueries({ queryKey: podcastListKeyPrefix });
    },
  });
}

/** The people on a podcast, the owner included (`GET /api/podcasts/{id}/contributors`). */
export function useContributors(podcastId: string) {
  const { status } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: contributorsQueryKey(podcastId),
    queryFn: ({ signal }) => podcastsApi.contributors(api, podcastId, signal),
    enabled: status === 'signed-in' && !isUnresolvedPodcastId(podcastId),
  });
}

/** A change to a podcast's contributors (owner); the list is read again after it. */
function useContributorChange<TInput, TResult>(
  podcastId: string,
  send: (api: ApiClient, input: TInput) => Promise<TResult>,
) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contributorsQueryKey(podcastId) }),
  });
}

export function useInviteContributor(podcastId: string) {
  return useContributorChange(podcastId, (api, input: InviteContributorInput) =>
    podcastsApi.invite(api, podcastId, input),
  );
}

export function useChangeContributorRole(podcastId: string) {
  return useContributorChange(podcastId, (api, input: { contributorId: string; role: InviteRole }) =>
    podcastsApi.changeRole(api, podcastId, input.contributorId, input.role),
  );
}

export function useRemoveContributor(podcastId: string) {
  return useContributorChange(podcastId, (api, contributorId: string) =>
    podcastsApi.removeContributor(api, podcastId, contributorId),
  );
}
