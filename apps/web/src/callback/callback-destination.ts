import type { PodcastSummary, UserProfile } from '@castbase/contracts';
import {
  BLANK_DASHBOARD_PATH,
  CREATE_PODCAST_PATH,
  PROFILE_CREATION_PATH,
  podcastPath,
} from '../shared/podcasts/podcast-paths.js';

export interface AccountOnArrival {
  profile: UserProfile | null;
  /** Only read when there is a profile. */
  podcasts: readonly PodcastSummary[];
  /** The path the sign-in asked to come back to. */
  returnTo: string | null;
}

/**
 * Spec 1 §2 "Routing after login": no profile → profile creation; a profile and podcasts → the first podcast's
 * dashboard; a profile without podcasts → podcast creation when Get Started asked for it, else the blank dashboard.
 */
export function destinationAfterSignIn({ profile, podcasts, returnTo }: AccountOnArrival): string {
  if (!profile) return PROFILE_CREATION_PATH;
  const first = podcasts[0];
  if (first) return podcastPath(first.id, 'dashboard');
  return returnTo === CREATE_PODCAST_PATH ? CREATE_PODCAST_PATH : BLANK_DASHBOARD_PATH;
}
