import { Navigate, useParams } from 'react-router-dom';
import { PLACEHOLDER_PODCAST_ID, readLastUsedPodcastId } from '../shared/podcasts/podcast-ids.js';
import { podcastPath, type PodcastSegment } from '../shared/podcasts/podcast-paths.js';

/** Links without a podcast id (/dashboard, /episodes/:episodeId/…) open the podcast last used on this device. */
export function LastUsedPodcastRedirect({ segment }: { segment: PodcastSegment }) {
  const { episodeId } = useParams();
  const podcastId = readLastUsedPodcastId() ?? PLACEHOLDER_PODCAST_ID;
  return <Navigate to={podcastPath(podcastId, segment, episodeId)} replace />;
}
