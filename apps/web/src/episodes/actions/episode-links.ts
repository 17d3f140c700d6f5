import type { Episode } from '@castbase/contracts';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';

/** The navigation state that asks the editor to open with the version history shown. */
export interface EpisodeEditorNavigationState {
  openHistory?: boolean;
  preview?: boolean;
}

export const editEpisodePath = (podcastId: string, episodeId: string) =>
  podcastPath(podcastId, 'episodes/:episodeId/edit', episodeId);

export const episodeAnalyticsPath = (podcastId: string, episodeId: string) =>
  podcastPath(podcastId, 'episodes/:episodeId/analytics', episodeId);

/** The public page ('View Live'), relative to the site. */
export const publicEpisodePath = (episodeId: string) => `/episode/${encodeURIComponent(episodeId)}`;

/** Publishing needs audio or video (spec 2 §4). */
export const canPublish = (episode: Pick<Episode, 'media' | 'status'>) =>
  episode.status !== 'published' && episode.media !== null;
