import {
  callbackMessages,
  mapCallbackError,
  UNEXPECTED_ERROR_MESSAGE,
  type CallbackError,
  type PodcastSummary,
  type UserProfile,
} from '@castbase/contracts';
import { fetchProfile } from '../profile/profile-api.js';
import type { ApiClient } from '../shared/api/api-client.js';
import { ApiError } from '../shared/api/api-error.js';
import { fetchPodcastList } from '../shared/podcasts/podcast-list.js';

/** The callback's setup steps (spec 1 §4), in order. */
export const SETUP_STEPS = ['database', 'profile', 'podcasts'] as const;
type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupProgress {
  completedSteps: number;
  /** A progress message once the first step is done. */
  message: string | null;
}

export interface AccountFound {
  profile: UserProfile | null;
  podcasts: PodcastSummary[];
}

/** A step's failure, with the step it happened in. */
export class SetupStepError extends Error {
  override readonly name = 'SetupStepError';
  constructor(
    readonly step: SetupStep,
    readonly reason: unknown,
  ) {
    super(`Account setup failed at the ${step} step`, { cause: reason });
  }
}

/**
 * Checks the database path, loads the profile and, when there is one, the podcasts. Reading the profile is the
 * database check: it is the first query that crosses the gateway, the bus and identity's database.
 */
export async function runAccountSetup(
  api: ApiClient,
  report: (progress: SetupProgress) => void,
  signal: AbortSignal,
): Promise<AccountFound> {
  const profile = await inStep('database', () => fetchProfile(api, signal));
  report({ completedSteps: 1, message: callbackMessages.databaseConnected });
  // The same answer carries the profile (or null): the profile step needs no second request.
  report({ completedSteps: 2, message: callbackMessages.almostReady });
  if (!profile) return { profile, podcasts: [] };

  const podcasts = await inStep('podcasts', () => fetchPodcastList(api, signal));
  report({ completedSteps: 3, message: callbackMessages.almostReady });
  return { profile, podcasts };
}

async function inStep<T>(step: SetupStep, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (reason) {
    throw new SetupStepError(step, reason);
  }
}

/**
 * The callback mapping (spec 1 §8) of a failed step. A database step that failed for lack of an answer reads as
 * 'Database connection failed: …'; a refused token keeps its own wording, which maps to the authentication error.
 */
export function setupFailure(error: unknown): CallbackError {
  const reason = error instanceof SetupStepError ? error.reason : error;
  const message = reason instanceof Error && reason.message ? reason.message : UNEXPECTED_ERROR_MESSAGE;
  const unanswered = !(reason instanceof ApiError) || reason.status === undefined || reason.status >= 500;
  const database = error instanceof SetupStepError && error.step === 'database' && unanswered;
  return mapCallbackError(database ? callbackMessages.databaseFailed(message) : message);
}
