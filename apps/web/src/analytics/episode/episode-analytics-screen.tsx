import {
  episodeAnalyticsMessages as text,
  analyticsMessages,
  type EpisodeAnalytics,
} from '@castbase/contracts';
import { Button, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ScreenFrame } from '../../shared/layout/screen-frame.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { useEpisodeAnalytics } from '../shared/analytics-api.js';
import { ArrowLeftIcon } from '../shared/analytics-icons.js';
import {
  AnalyticsError,
  AnalyticsErrorBanner,
  AnalyticsLoading,
  AnalyticsNoData,
} from '../shared/analytics-states.js';
import { formatRelativeDate } from '../shared/relative-date.js';
import { useAnalyticsTimeRange } from '../shared/time-range-select.js';
import { EpisodeAnalyticsActions } from './episode-analytics-actions.js';
import { EpisodeAnalyticsTabs } from './episode-analytics-tabs.js';
import { EpisodeStatCards } from './episode-stat-cards.js';

/**
 * /p/:podcastId/episodes/:episodeId/analytics (spec 3 §2.2): the episode's title, when it was published, the range,
 * Refresh, export and Back; four figures and five tabs; or loading, failed (Retry) and no data. Anyone with a role on
 * the podcast reads it.
 */
export function EpisodeAnalyticsScreen() {
  const { podcastId = '', episodeId = '' } = useParams();
  const [range, setRange] = useAnalyticsTimeRange();
  const analytics = useEpisodeAnalytics(podcastId, episodeId, range);
  const dashboardPath = podcastPath(podcastId, 'dashboard');

  const back = (
    <Button
      component={Link}
      to={dashboardPath}
      variant="subtle"
      size="compact-md"
      leftSection={<ArrowLeftIcon size={18} />}
      w="fit-content"
      ml={-8}
    >
      {text.back}
    </Button>
  );
  const backToDashboard = (
    <Button component={Link} to={dashboardPath} variant="default">
      {analyticsMessages.backToDashboard}
    </Button>
  );

  if (!analytics.data) {
    return (
      <Stack gap="xs">
        {back}
        <ScreenFrame title={text.title}>
          {analytics.isError ? (
            <AnalyticsError
              error={analytics.error}
              onRetry={() => void analytics.refetch()}
              retrying={analytics.isFetching}
              actions={backToDashboard}
            />
          ) : (
            <AnalyticsLoading label={text.loading} />
          )}
        </ScreenFrame>
      </Stack>
    );
  }

  const figures: EpisodeAnalytics = analytics.data;
  const { episode } = figures;
  return (
    <Stack gap="xs">
      {back}
      <ScreenFrame
        title={episode.title}
        description={`${text.published} ${formatRelativeDate(new Date(episode.publishedAt ?? episode.createdAt))}`}
        actions={
          <EpisodeAnalyticsActions
            podcastId={podcastId}
            episodeId={episode.id}
            range={range}
            onRangeChange={setRange}
            refreshing={analytics.isFetching}
            onRefresh={() => void analytics.refetch()}
          />
        }
      >
        <Stack gap="xl" aria-busy={analytics.isPlaceholderData}>
          {analytics.isError && (
            <AnalyticsErrorBanner
              error={analytics.error}
              onRetry={() => void analytics.refetch()}
              retrying={analytics.isFetching}
            />
          )}
          {figures.hasData ? (
            <>
              <EpisodeStatCards figures={figures} />
              <EpisodeAnalyticsTabs figures={figures} />
            </>
          ) : (
            <AnalyticsNoData description={text.noDataBody} action={backToDashboard} />
          )}
        </Stack>
      </ScreenFrame>
    </Stack>
  );
}
