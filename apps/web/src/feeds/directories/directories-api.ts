import {
  directoryCheckSchema,
  directoryChecksSchema,
  type DirectoryAnswer,
  type DirectoryCheck,
  type DirectoryChecks,
  type DirectoryId,
} from '@castbase/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../shared/auth/auth-context.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { isUnresolvedPodcastId } from '../../shared/podcasts/podcast-ids.js';

export const directoryChecksQueryKey = (podcastId: string) => ['feeds', 'directories', podcastId] as const;

const directoriesPath = (podcastId: string) => `/podcasts/${encodeURIComponent(podcastId)}/directories`;

/** Each directory's readiness and recorded status (`GET /api/podcasts/{id}/directories`). */
export function useDirectoryChecks(podcastId: string) {
  const { status } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: directoryChecksQueryKey(podcastId),
    queryFn: ({ signal }) => api.get(directoriesPath(podcastId), directoryChecksSchema, signal),
    enabled: status === 'signed-in' && !isUnresolvedPodcastId(podcastId),
  });
}

/** Puts one directory's new check in the cached list, so the card changes at once. */
function useReplaceCheck(podcastId: string) {
  const queryClient = useQueryClient();
  return (check: DirectoryCheck) =>
    queryClient.setQueryData<DirectoryChecks>(directoryChecksQueryKey(podcastId), (checks) =>
      checks
        ? { ...checks, items: checks.items.map((item) => (item.id === check.id ? check : item)) }
        : checks,
    );
}

/** 'Submit →': records the submission (the link itself opens the directory's site). */
export function useRecordSubmission(podcastId: string) {
  const api = useApiClient();
  const replace = useReplaceCheck(podcastId);
  return useMutation({
    mutationFn: (directoryId: DirectoryId) =>
      api.request(`${directoriesPath(podcastId)}/${directoryId}/submission`, {
        method: 'POST',
        response: directoryCheckSchema,
      }),
    onSuccess: replace,
  });
}

/** What the directory answered, as the owner or an editor read it on the directory's site. */
export function useRecordDirectoryStatus(podcastId: string) {
  const api = useApiClient();
  const replace = useReplaceCheck(podcastId);
  return useMutation({
    mutationFn: ({ directoryId, status }: { directoryId: DirectoryId; status: DirectoryAnswer }) =>
      api.request(`${directoriesPath(podcastId)}/${directoryId}/status`, {
        method: 'PUT',
        body: { status },
        response: directoryCheckSchema,
      }),
    onSuccess: replace,
  });
}
