import { useParams } from 'react-router-dom';
import { FullPageLoader } from '../shared/layout/full-page-loader.js';
import { isNotFound, usePublicEpisodePage } from './public-page-data.js';
import { PublicEpisodeView } from './public-episode-view.js';
import { PublicPageProblem } from './public-site-layout.js';

/** `/episode/:episodeId`, open to anyone: a published episode of a public podcast, else 'Episode not found'. */
export function PublicEpisodePage() {
  const { episodeId = '' } = useParams();
  const page = usePublicEpisodePage(episodeId);
  if (page.isPending) return <FullPageLoader label="Loading the episode" />;
  if (page.isError)
    return isNotFound(page.error) ? (
      <PublicPageProblem
        title="Episode not found"
        message="This episode does not exist, is not published yet, or is private."
      />
    ) : (
      <PublicPageProblem
        title="This page is unavailable"
        message="The episode could not be loaded right now. Please try again in a moment."
      />
    );
  return <PublicEpisodeView page={page.data} />;
}
