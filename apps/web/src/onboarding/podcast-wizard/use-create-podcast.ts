import {
  ONBOARDING_COMPLETION_WAIT_MS,
  onboardingMessages,
  onboardingToCreateInput,
  type OnboardingPodcastForm,
  type Podcast,
} from '@castbase/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUpdateProfile } from '../../profile/profile-api.js';
import type { ApiClient } from '../../shared/api/api-client.js';
import { ApiError } from '../../shared/api/api-error.js';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { useAuth } from '../../shared/auth/auth-context.js';
import { markJustCompletedOnboarding } from '../../shared/podcasts/just-completed-onboarding.js';
import { rememberLastUsedPodcastId } from '../../shared/podcasts/podcast-ids.js';
import { podcastListQueryKey } from '../../shared/podcasts/podcast-list.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { createPodcast, generateFeed, readPodcast } from '../onboarding-api.js';

export interface CreatePodcastFlow {
  creating: boolean;
  /** The saving's failure, shown on the form. */
  failure: string | null;
  create(form: OnboardingPodcastForm): Promise<void>;
}

/**
 * Onboarding submit (spec 1 §4): save the podcast, re-read it to verify the album art, generate the RSS feed (a
 * failure is only logged), wait, mark onboarding as just completed on the device and on the profile, then open the
 * new podcast's dashboard.
 */
export function useCreatePodcast(): CreatePodcastFlow {
  const api = useApiClient();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const updateProfile = useUpdateProfile();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function create(form: OnboardingPodcastForm) {
    setCreating(true);
    setFailure(null);
    let podcast: Podcast;
    try {
      podcast = await createPodcast(api, onboardingToCreateInput(form));
    } catch (error) {
      console.error('Creating the podcast failed', error);
      setFailure(
        error instanceof ApiError && error.code !== undefined ? error.message : onboardingMessages.failed,
      );
      setCreating(false);
      return;
    }

    await finishOnboarding(api, podcast, form);
    // A saved profile replaces the cached one (useUpdateProfile); a failure only keeps the cached one.
    await updateProfile.mutateAsync({ onboardingComplete: true }).catch((error: unknown) => {
      console.error('Marking onboarding complete on the profile failed', error);
    });
    rememberLastUsedPodcastId(podcast.id);
    await queryClient.invalidateQueries({ queryKey: podcastListQueryKey(user?.id) });

    const dashboard = podcastPath(podcast.id, 'dashboard');
    try {
      await navigate(dashboard);
    } catch (error) {
      console.error('Opening the dashboard failed; loading it afresh', error);
      window.location.assign(dashboard);
    }
  }

  return { creating, failure, create };
}

async function finishOnboarding(api: ApiClient, podcast: Podcast, form: OnboardingPodcastForm) {
  try {
    const saved = await readPodcast(api, podcast.id);
    if (form.logoMediaId && saved.artworkMediaId !== form.logoMediaId) {
      console.warn('The saved podcast does not carry the uploaded album art', saved.artworkMediaId);
    }
  } catch (error) {
    console.warn('Re-reading the new podcast failed', error);
  }
  try {
    await generateFeed(api, podcast.id);
  } catch (error) {
    console.warn('Generating the RSS feed failed', error);
  }
  await new Promise((resolve) => window.setTimeout(resolve, ONBOARDING_COMPLETION_WAIT_MS));
  markJustCompletedOnboarding();
}
