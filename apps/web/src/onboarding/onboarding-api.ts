import {
  onboardingExitResultSchema,
  podcastSchema,
  usernameAvailabilitySchema,
  userProfileSchema,
  type CreatePodcastInput,
  type CreateProfileInput,
  type OnboardingExitInput,
  type OnboardingExitResult,
  type Podcast,
  type UserProfile,
  type UsernameAvailability,
} from '@castbase/contracts';
import { z } from 'zod';
import type { ApiClient } from '../shared/api/api-client.js';

// The calls onboarding makes, one function each (spec 1 §4 "Onboarding submit", §5 "Profile creation").

export function createProfile(api: ApiClient, input: CreateProfileInput): Promise<UserProfile> {
  return api.request('/profile', { method: 'POST', body: input, response: userProfileSchema });
}

export function checkUsernameAvailability(
  api: ApiClient,
  username: string,
  signal?: AbortSignal,
): Promise<UsernameAvailability> {
  return api.get(
    `/profile/username-availability?u=${encodeURIComponent(username)}`,
    usernameAvailabilitySchema,
    signal,
  );
}

export function createPodcast(api: ApiClient, input: CreatePodcastInput): Promise<Podcast> {
  return api.request('/podcasts', { method: 'POST', body: input, response: podcastSchema });
}

export function readPodcast(api: ApiClient, podcastId: string): Promise<Podcast> {
  return api.get(`/podcasts/${encodeURIComponent(podcastId)}`, podcastSchema);
}

/** Generates the podcast's RSS feed. */
export async function generateFeed(api: ApiClient, podcastId: string): Promise<void> {
  await api.request(`/podcasts/${encodeURIComponent(podcastId)}/feed`, {
    method: 'POST',
    response: z.unknown(),
  });
}

/** Exit: removes the profile (while no podcast exists) and the album art uploaded in the wizard. */
export function exitOnboarding(api: ApiClient, input: OnboardingExitInput): Promise<OnboardingExitResult> {
  return api.request('/onboarding/exit', {
    method: 'POST',
    body: input,
    response: onboardingExitResultSchema,
  });
}
