import { dashboardMessages as text } from '@castbase/contracts';
import { Button, Center, Loader, SimpleGrid, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { useFeedStatus } from '../profile/feed-status-api.js';
import { UploadIcon } from '../shared/icons/icons.js';
import { SuccessBanner } from '../shared/layout/feedback-banners.js';
import { useNavigationMessage } from '../shared/layout/navigation-message.js';
import { ScreenFrame } from '../shared/layout/screen-frame.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';
import { useCan, usePodcast } from '../shared/podcasts/use-podcast.js';
import { VideoDashboardWidget } from '../videos/video-dashboard-widget.js';
import { AnalyticsOverviewCard } from './analytics-overview-card.js';
import { DashboardLoadFailure } from './dashboard-load-failure.js';
import { OverviewTiles } from './overview-tiles.js';
import { RecentEpisodesCard } from './recent-episodes-card.js';
import { RssFeedSlot } from './rss-feed-slot.js';
import { useRecentEpisodes } from './use-dashboard-episodes.js';
import { WelcomeBanner } from './welcome-banner.js';

/** /p/:podcastId/dashboard (spec 2 §2 "Dashboard overview"). */
export function DashboardOverviewScreen() {
  const { podcastId = '' } = useParams();
  const podcast = usePodcast(podcastId);
  const episodes = useRecentEpisodes(podcastId);
  const feed = useFeedStatus(podcastId);
  const canEdit = useCan(podcastId, 'editEpisodes');
  // 'Episode published successfully!' or 'Episode deleted successfully', sent by the screen that led here.
  const arrival = useNavigationMessage();

  if (podcast.isError || episodes.isError) {
    return (
      <ScreenFrame title={text.title}>
        <DashboardLoadFailure
          onTryAgain={() => {
            if (podcast.isError) void podcast.refetch();
            if (episodes.isError) void episodes.refetch();
          }}
        />
      </ScreenFrame>
    );
  }
  if (!podcast.data || !episodes.data) {
    return (
      <ScreenFrame title={text.title}>
        <Center py={80} role="status" aria-label="Loading dashboard">
          <Loader />
        </Center>
      </ScreenFrame>
    );
  }

  const { name } = podcast.data;
  const total = episodes.data.counts.all;
  return (
    <ScreenFrame
      title={text.title}
      description={text.subtitle(name, total)}
      actions={
        canEdit && (
          <Button
            component={Link}
            to={podcastPath(podcastId, 'upload')}
            leftSection={<UploadIcon size={18} />}
          >
            {text.uploadEpisode}
          </Button>
        )
      }
    >
      <SuccessBanner message={arrival.message} onClose={arrival.dismiss} />
      <WelcomeBanner podcastName={name} />
      <OverviewTiles
        totalEpisodes={total}
        feedActive={Boolean(feed.data)}
        setupComplete={name.trim() !== ''}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="lg">
          <RecentEpisodesCard podcastId={podcastId} episodes={episodes.data.items} canEdit={canEdit} />
        </Stack>
        <Stack gap="lg">
          <AnalyticsOverviewCard podcastId={podcastId} />
          <RssFeedSlot podcastId={podcastId} />
        </Stack>
      </SimpleGrid>
      <VideoDashboardWidget podcastId={podcastId} />
    </ScreenFrame>
  );
}
