import { userSettingsSchema, type UpdateSettingsInput, type UserSettings } from '@castbase/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../api/use-api-client.js';
import { useAuth } from '../auth/auth-context.js';

// The person's settings live beside the theme because the theme, which every page shows, is one of them.

export function userSettingsQueryKey(userId: string | undefined) {
  return ['settings', userId] as const;
}

/** The signed-in person's settings (`GET /api/settings`). */
export function useUserSettings() {
  const { status, user } = useAuth();
  const api = useApiClient();
  return useQuery({
    queryKey: userSettingsQueryKey(user?.id),
    queryFn: ({ signal }) => api.get('/settings', userSettingsSchema, signal),
    enabled: status === 'signed-in',
  });
}

/**
 * Saves changed sections (`PATCH /api/settings`). The cached settings show the change at once and go back to
 * what they were when the save fails.
 */
export function useUpdateUserSettings() {
  const { user } = useAuth();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const queryKey = userSettingsQueryKey(user?.id);
  return useMutation({
    mutationFn: (changes: UpdateSettingsInput) =>
      api.request('/settings', { method: 'PATCH', body: changes, response: userSettingsSchema }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<UserSettings>(queryKey);
      if (previous) queryClient.setQueryData(queryKey, withChanges(previous, changes));
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}

function withChanges(settings: UserSettings, changes: UpdateSettingsInput): UserSettings {
  return {
    ...settings,
    notifications: { ...settings.notifications, ...definedOnly(changes.notifications) },
    privacy: { ...settings.privacy, ...definedOnly(changes.privacy) },
    appearance: { ...settings.appearance, ...definedOnly(changes.appearance) },
  };
}

function definedOnly<T extends object>(section: T | undefined): Partial<T> {
  if (!section) return {};
  return Object.fromEntries(Object.entries(section).filter(([, value]) => value !== undefined)) as Partial<T>;
}
