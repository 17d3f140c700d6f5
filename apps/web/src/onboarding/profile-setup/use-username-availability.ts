import {
  ONBOARDING_USERNAME_PATTERN,
  USERNAME_CHECK_DEBOUNCE_MS,
  type UsernameAvailability,
} from '@castbase/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { checkUsernameAvailability } from '../onboarding-api.js';

export interface UsernameCheck {
  /** A check is waiting for typing to stop or for the answer. */
  checking: boolean;
  /** The answer for the name as typed now; undefined while unknown. */
  availability: UsernameAvailability | undefined;
}

/**
 * Asks whether a username is free 500 ms after typing stops, only for names that pass the format rule (so 3 or more
 * characters). A check that fails counts as available: the save itself still refuses a taken name.
 */
export function useUsernameAvailability(typed: string): UsernameCheck {
  const api = useApiClient();
  const username = typed.trim();
  const [settled] = useDebouncedValue(username, USERNAME_CHECK_DEBOUNCE_MS);
  const checkable = ONBOARDING_USERNAME_PATTERN.test(settled);
  const check = useQuery({
    queryKey: ['username-availability', settled],
    queryFn: ({ signal }) => checkUsernameAvailability(api, settled, signal),
    enabled: checkable,
    staleTime: 30_000,
    retry: false,
  });
  const current = settled === username;
  return {
    checking: ONBOARDING_USERNAME_PATTERN.test(username) && (!current || check.isFetching),
    availability: current && checkable ? check.data : undefined,
  };
}
