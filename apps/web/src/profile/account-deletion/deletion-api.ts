import { deletionStatusSchema, type DeletionStatus } from '@castbase/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { useAuth } from '../../shared/auth/auth-context.js';

/** While a deletion runs, its status is read again this often. */
export const DELETION_POLL_INTERVAL_MS = 1000;

const deletionAnswerSchema = z.object({ deletion: deletionStatusSchema.nullable() });

function deletionQueryKey(userId: string | undefined) {
  return ['account', 'deletion', userId] as const;
}

/** The person's account deletion, if one was asked for (`GET /api/account/deletion`), polled while it runs. */
export function useAccountDeletion() {
  const { user } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: deletionQueryKey(user?.id),
    queryFn: async ({ signal }) =>
      (await api.get('/account/deletion', deletionAnswerSchema, signal)).deletion,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'in_progress' ? DELETION_POLL_INTERVAL_MS : false,
  });
}

/** Starts the deletion (`POST /api/account/deletion`) or retries the steps still pending (`.../retry`). */
export function useDeletionCommands() {
  const { user } = useAuth();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const track = (status: DeletionStatus) => queryClient.setQueryData(deletionQueryKey(user?.id), status);

  const request = useMutation({
    mutationFn: (confirmation: string) =>
      api.request('/account/deletion', {
        method: 'POST',
        body: { confirmation },
        response: deletionStatusSchema,
      }),
    onSuccess: track,
    // A deletion may already be under way (409): reading it again lets the dialog follow it.
    onError: () => queryClient.invalidateQueries({ queryKey: deletionQueryKey(user?.id) }),
  });
  const retry = useMutation({
    mutationFn: () =>
      api.request('/account/deletion/retry', { method: 'POST', response: deletionStatusSchema }),
    onSuccess: track,
  });
  return { request, retry };
}
