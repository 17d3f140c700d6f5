import {
  analyticsMessages,
  feedAnalyticsMessages,
  podcastAnalyticsMessages as text,
} from '@castbase/contracts';
import { Box, Button, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ScreenFrame } from '../../shared/layout/screen-frame.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { usePodcast } from '../../shared/podcasts/use-podcast.js';
import { ExportAnalyticsButton } from '../export/export-analytics-button.js';
import { FeedAnalyticsSection } from '../feed/feed-analytics-section.js';
import { useFeedAnalytics, usePodcastAnalytics } from '../shared/analytics-api.js';
import { RefreshIcon } from '../shared/analytics-icons.js';
import { AnalyticsError, AnalyticsLoading, AnalyticsNoData } from '../shared/analytics-states.js';
import { TimeRangeSelect, useAnalyticsTimeRange } from '../shared/time-range-select.js';
import { IncompleteDataBanner } from './incomplete-data-banner.js';
import { PodcastAnalyticsView } from './podcast-analytics-view.js';
import { SectionFailure } from './section-failure.js';

/**
 * /p/:podcastId/analytics (spec 3 §2.3): the podcast's figures and its feed's over a time range. The two are fetched
 * side by side; when one fails and the other answers, the screen shows what it has under 'Analytics data may be
 * incomplete: …' and the failed part offers its own Retry.
 */
export function PodcastAnalyticsScreen() {
  const { podcastId = '' } = useParams();
  const [range, setRange] = useAnalyticsTimeRange();
  const podcast = usePodcast(podcastId);
  const analytics = usePodcastAnalytics(podcastId, range);
  const feed = useFeedAnalytics(podcastId, range);
  const fetching = analytics.isFetching || feed.isFetching;
  const refresh = () => {
    void analytics.refetch();
    void feed.refetch();
  };

  const content = () => {
    // Until both have answered, figures that are in are shown at once; a failure or an empty answer waits for the
    // other, which decides between the banner, the error and the no-data state.
    const settled = !analytics.isPending && !feed.isPending;
    if (!settled && !analytics.data?.hasData && !feed.data?.hasData) {
      return <AnalyticsLoading label={text.loading} />;
    }
    if (analytics.isError && feed.isError) {
      return <AnalyticsError error={analytics.error} onRetry={refresh} retrying={fetching} />;
    }
    if (analytics.data?.hasData === false && feed.data?.hasData === false) {
      return (
        <AnalyticsNoData
          description={text.noDataBody}
          action={
            <Button component={Link} to={podcastPath(podcastId, 'dashboard')} variant="default">
              {analyticsMessages.backToDashboard}
            </Button>
          }
        />
      );
    }
    return (
      <Stack gap="xl">
        <IncompleteDataBanner
          failure={
            analytics.isError
              ? analyticsMessages.loadFailed
              : feed.isError
                ? feedAnalyticsMessages.fetchFailed
                : null
          }
        />
        {analytics.isError ? (
          <SectionFailure
            title={analyticsMessages.loadFailed}
            error={analytics.error}
            onRetry={() => void analytics.refetch()}
            retrying={analytics.isFetching}
          />
        ) : !analytics.data ? (
          <AnalyticsLoading label={text.loading} />
        ) : analytics.data.hasData ? (
          <PodcastAnalyticsView podcastId={podcastId} analytics={analytics.data} />
        ) : (
          <AnalyticsNoData description={text.noDataBody} />
        )}
        <FeedAnalyticsSection feed={feed} />
      </Stack>
    );
  };

  return (
    <ScreenFrame
      title={text.title}
      {...(podcast.data ? { description: podcast.data.name } : {})}
      actions={
        <>
          <TimeRangeSelect value={range} onChange={setRange} />
          <Button
            variant="default"
            leftSection={<RefreshIcon size={18} />}
            onClick={refresh}
            loading={fetching}
          >
            {analyticsMessages.refresh}
          </Button>
          <ExportAnalyticsButton podcastId={podcastId} />
        </>
      }
    >
      <Box aria-busy={analytics.isPlaceholderData || feed.isPlaceholderData}>{content()}</Box>
    </ScreenFrame>
  );
}
