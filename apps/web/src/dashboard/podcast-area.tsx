import { useEffect, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { FullPageLoader } from '../shared/layout/full-page-loader.js';
import { useExitingOnboardingOnce } from '../shared/podcasts/exiting-onboarding.js';
import {
  forgetLastUsedPodcastId,
  isPodcastId,
  isUnresolvedPodcastId,
} from '../shared/podcasts/podcast-ids.js';
import { usePodcastList } from '../shared/podcasts/podcast-list.js';
import { PLACEHOLDER_DASHBOARD_PATH, podcastPath } from '../shared/podcasts/podcast-paths.js';
import { DashboardShell } from './dashboard-shell.js';

/**
 * Route element for /p/:podcastId/*: podcast ids open the shell; 'placeholder', 'unknown' and anything that is not a
 * UUID are resolved first.
 */
export function PodcastArea() {
  const { podcastId = '' } = useParams();
  if (isUnresolvedPodcastId(podcastId)) return <UnresolvedPodcastRoute podcastId={podcastId} />;
  // An id that is not a UUID cannot be a podcast: it is never fetched, and resolves like 'placeholder'.
  if (!isPodcastId(podcastId)) return <Navigate to={PLACEHOLDER_DASHBOARD_PATH} replace />;
  return <PodcastRoute podcastId={podcastId} />;
}

/**
 * A podcast the person no longer has (deleted, or their access removed) is not opened: when the list does not hold
 * it, the list is read afresh, and if it still does not, the device forgets it and the placeholder route finds them
 * another.
 */
function PodcastRoute({ podcastId }: { podcastId: string }) {
  const podcasts = usePodcastList();
  const [goneId, setGoneId] = useState<string | null>(null);
  const { refetch } = podcasts;
  const listed = !podcasts.isSuccess || podcasts.data.some((podcast) => podcast.id === podcastId);

  useEffect(() => {
    if (listed) return;
    let current = true;
    void refetch().then((fresh) => {
      if (!current || !fresh.isSuccess || fresh.data.some((podcast) => podcast.id === podcastId)) return;
      forgetLastUsedPodcastId(podcastId);
      setGoneId(podcastId);
    });
    return () => {
      current = false;
    };
  }, [listed, podcastId, refetch]);

  return goneId === podcastId ? (
    <Navigate to={PLACEHOLDER_DASHBOARD_PATH} replace />
  ) : (
    <DashboardShell podcastId={podcastId} />
  );
}

/**
 * Sends a signed-in user to their first podcast's dashboard, or to onboarding when they have none (or the list
 * fails). The podcasts page stays reachable without a podcast, and leaving onboarding on purpose is let in once.
 */
function UnresolvedPodcastRoute({ podcastId }: { podcastId: string }) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const exitingOnboarding = useExitingOnboardingOnce();
  const podcasts = usePodcastList();
  const onPodcastsPage = pathname.startsWith(podcastPath(podcastId, 'podcasts'));
  // Spec 2 §2: the upload route reads its podcast from a podcastId query value when the route has none.
  const queriedPodcastId = searchParams.get('podcastId');
  const uploadFor =
    pathname.startsWith(podcastPath(podcastId, 'upload')) && queriedPodcastId && isPodcastId(queriedPodcastId)
      ? queriedPodcastId
      : null;

  if (uploadFor) return <Navigate to={podcastPath(uploadFor, 'upload')} replace />;
  if (exitingOnboarding) return <DashboardShell podcastId={podcastId} />;
  if (podcasts.isPending) return <FullPageLoader label="Loading podcast..." showLabel />;
  if (podcasts.isError) {
    return onPodcastsPage ? <DashboardShell podcastId={podcastId} /> : <Navigate to="/onboarding" replace />;
  }
  const firstPodcast = podcasts.data[0];
  if (firstPodcast) return <Navigate to={podcastPath(firstPodcast.id, 'dashboard')} replace />;
  return onPodcastsPage ? (
    <DashboardShell podcastId={podcastId} />
  ) : (
    <Navigate to="/onboarding?source=dashboard" replace />
  );
}
