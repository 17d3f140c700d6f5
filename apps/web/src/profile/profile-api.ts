import {
  userProfileSchema,
  type SetAvatarInput,
  type UpdateProfileInput,
  type UserProfile,
} from '@castbase/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../shared/api/api-client.js';
import { useApiClient } from '../shared/api/use-api-client.js';
import { useAuth } from '../shared/auth/auth-context.js';

const profileAnswerSchema = z.object({ profile: userProfileSchema.nullable() });

/** The signed-in person's profile (`GET /api/profile`); null when they have none yet. */
export async function fetchProfile(api: ApiClient, signal?: AbortSignal): Promise<UserProfile | null> {
  return (await api.get('/profile', profileAnswerSchema, signal)).profile;
}

export function profileQueryKey(userId: string | undefined) {
  return ['profile', userId] as const;
}

/** The signed-in person's profile (`GET /api/profile`); null when they have none yet. */
export function useProfile() {
  const { status, user } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: profileQueryKey(user?.id),
    queryFn: ({ signal }) => fetchProfile(api, signal),
    enabled: status === 'signed-in',
  });
}

/** A change to the profile whose answer, the saved profile, replaces the cached one. */
function useProfileChange<TInput>(send: (api: ApiClient, input: TInput) => Promise<UserProfile>) {
  const { user } = useAuth();
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send(api, input),
    onSuccess: (profile) => queryClient.setQueryData<UserProfile | null>(profileQueryKey(user?.id), profile),
  });
}

/** Save Changes: `PATCH /api/profile` with the changed fields (409 USERNAME_TAKEN when the name is someone's). */
export function useUpdateProfile() {
  return useProfileChange((api, input: UpdateProfileInput) =>
    api.request('/profile', { method: 'PATCH', body: input, response: userProfileSchema }),
  );
}

/** Makes an uploaded image the avatar (`PUT /api/profile/avatar`). */
export function useSetAvatar() {
  return useProfileChange((api, input: SetAvatarInput) =>
    api.request('/profile/avatar', { method: 'PUT', body: input, response: userProfileSchema }),
  );
}

/** Removes the avatar (`DELETE /api/profile/avatar`). */
export function useRemoveAvatar() {
  return useProfileChange((api, _input: void) =>
    api.request('/profile/avatar', { method: 'DELETE', response: userProfileSchema }),
  );
}
