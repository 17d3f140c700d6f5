import { PLACEHOLDER_PODCAST_ID } from './podcast-ids.js';

/** Every page under /p/{podcastId}; `:episodeId` is filled in by `podcastPath`. */
export type PodcastSegment =
  | 'dashboard'
  | 'upload'
  | 'settings'
  | 'settings/rss'
  | 'settings/podcast'
  | 'episodes'
  | 'episodes/:episodeId/edit'
  | 'episodes/:episodeId/preview'
  | 'episodes/:episodeId/analytics'
  | 'videos'
  | 'monetization'
  | 'analytics'
  | 'podcasts'
  | 'ai/transcribe-edit';

export function podcastPath(podcastId: string, segment: PodcastSegment, episodeId?: string): string {
  const filled =
    episodeId === undefined ? segment : segment.replace(':episodeId', encodeURIComponent(episodeId));
  return `/p/${encodeURIComponent(podcastId)}/${filled}`;
}

export const PLACEHOLDER_DASHBOARD_PATH = podcastPath(PLACEHOLDER_PODCAST_ID, 'dashboard');

export const CREATE_PODCAST_PATH = '/onboarding?mode=podcast-creation';

/** Where a signed-in person without a profile sets one up. */
export const PROFILE_CREATION_PATH = '/onboarding?mode=profile-creation';

/** Where a signed-in person without a podcast lands. */
export const BLANK_DASHBOARD_PATH = '/blank-dashboard';
