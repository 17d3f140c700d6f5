import { isUnresolvedPodcastId } from '../shared/podcasts/podcast-ids.js';

/** /profile, remembering the podcast to go back to (Back to Dashboard) when there is one. */
export function profilePath(podcastId: string | undefined): string {
  return podcastId && !isUnresolvedPodcastId(podcastId)
    ? `/profile?podcastId=${encodeURIComponent(podcastId)}`
    : '/profile';
}
