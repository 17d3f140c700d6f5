import {
  CALLBACK_MAX_RETRIES,
  CALLBACK_RETRY_DELAY_MS,
  CALLBACK_START_DELAY_MS,
  callbackMessages,
  type CallbackErrorBehaviour,
} from '@castbase/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { profileQueryKey } from '../profile/profile-api.js';
import { useApiClient } from '../shared/api/use-api-client.js';
import { forgetSignInReturnTo, readSignInReturnTo } from '../shared/auth/sign-in-return.js';
import { rememberLastUsedPodcastId } from '../shared/podcasts/podcast-ids.js';
import { podcastListQueryKey } from '../shared/podcasts/podcast-list.js';
import { runAccountSetup, setupFailure, type SetupProgress } from './account-setup-steps.js';
import { destinationAfterSignIn } from './callback-destination.js';

export type AccountSetupState =
  | { status: 'running'; progress: SetupProgress }
  | { status: 'failed'; message: string; behaviour: CallbackErrorBehaviour }
  | { status: 'done'; destination: string };

const starting: AccountSetupState = {
  status: 'running',
  progress: { completedSteps: 0, message: null },
};

export interface AccountSetup {
  state: AccountSetupState;
  /** Retries used so far (at most CALLBACK_MAX_RETRIES). */
  retries: number;
  /** Starts the steps again from the first, after the retry delay. */
  retry(): void;
}

/**
 * Runs the callback's setup steps for the signed-in `userId` (after the start delay) and works out where to go.
 * A failure after the last retry is blocking, with the maximum-retries message.
 */
export function useAccountSetup(userId: string | undefined): AccountSetup {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const [retries, setRetries] = useState(0);
  const [state, setState] = useState<AccountSetupState>(starting);
  // A renewed access token must not restart steps already under way; they read the newest client.
  const apiRef = useRef(api);
  useEffect(() => {
    apiRef.current = api;
  }, [api]);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    const setUp = async () => {
      try {
        const found = await runAccountSetup(
          apiRef.current,
          (progress) => !controller.signal.aborted && setState({ status: 'running', progress }),
          controller.signal,
        );
        if (controller.signal.aborted) return;
        queryClient.setQueryData(profileQueryKey(userId), found.profile);
        if (found.profile) queryClient.setQueryData(podcastListQueryKey(userId), found.podcasts);
        const first = found.podcasts[0];
        if (first) rememberLastUsedPodcastId(first.id);
        const destination = destinationAfterSignIn({ ...found, returnTo: readSignInReturnTo() });
        forgetSignInReturnTo();
        setState({ status: 'done', destination });
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Account setup after sign-in failed', error);
        const failure = setupFailure(error);
        setState(
          retries >= CALLBACK_MAX_RETRIES
            ? { status: 'failed', message: callbackMessages.maxRetries, behaviour: 'blocking' }
            : { status: 'failed', ...failure },
        );
      }
    };
    const timer = window.setTimeout(
      () => void setUp(),
      retries === 0 ? CALLBACK_START_DELAY_MS : CALLBACK_RETRY_DELAY_MS,
    );
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [userId, retries, queryClient]);

  const retry = useCallback(() => {
    setState(starting);
    setRetries((used) => Math.min(used + 1, CALLBACK_MAX_RETRIES));
  }, []);

  return { state, retries, retry };
}
