import { useParams, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '../shared/layout/full-page-loader.js';
import { isNotFound, usePublicPodcastPage } from './public-page-data.js';
import { PublicPodcastView } from './public-podcast-view.js';
import { PublicPageProblem } from './public-site-layout.js';

/** A positive whole number from the query, else `fallback`. */
function positiveNumber(value: string | null): number | null {
  return value && /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : null;
}

/** `/podcast/:name?page&season`, open to anyone: a public podcast by its id or its owner's username. */
export function PublicPodcastPage() {
  const { name = '' } = useParams();
  const [searchParams] = useSearchParams();
  const pageNumber = positiveNumber(searchParams.get('page')) ?? 1;
  const season = positiveNumber(searchParams.get('season'));
  const page = usePublicPodcastPage(name, pageNumber, season);
  if (page.isPending) return <FullPageLoader label="Loading the podcast" />;
  if (page.isError)
    return isNotFound(page.error) ? (
      <PublicPageProblem title="Podcast not found" message="This podcast does not exist or is private." />
    ) : (
      <PublicPageProblem
        title="This page is unavailable"
        message="The podcast could not be loaded right now. Please try again in a moment."
      />
    );
  return <PublicPodcastView name={name} page={page.data} />;
}
