import type { Episode } from '@castbase/contracts';
import type { EpisodeAction } from '../actions/use-episode-actions.js';

/** What each of the three views (list, grid, compact) is given. */
export interface EpisodeViewProps {
  episodes: Episode[];
  podcastId: string;
  podcastArtworkUrl: string | null;
  canEdit: boolean;
  timeZone: string;
  onAction: (action: EpisodeAction, episode: Episode) => void;
  onPlay: (episode: Episode) => void;
}
