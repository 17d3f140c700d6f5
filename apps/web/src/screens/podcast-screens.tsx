import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { AlertIcon, CoinsIcon, WandIcon, type IconProps } from '../shared/icons/icons.js';
import { NotYetAvailable, ScreenFrame } from '../shared/layout/screen-frame.js';
import type { PodcastSegment } from '../shared/podcasts/podcast-paths.js';

interface PodcastScreen {
  segment: PodcastSegment;
  title: string;
  whatComesHere: string;
  Icon: ComponentType<IconProps>;
  /** Screens the spec gives their own 'Couldn't load …' fallback. */
  failureName?: 'Upload' | 'Settings';
}

const podcastScreens: readonly PodcastScreen[] = [
  {
    segment: 'monetization',
    title: 'Monetization',
    whatComesHere: 'Dynamic ad campaigns, their creatives and placements will be managed here.',
    Icon: CoinsIcon,
  },
  {
    segment: 'ai/transcribe-edit',
    title: 'Transcribe & Edit',
    whatComesHere:
      'Upload audio or video, transcribe it, follow the transcript on a waveform and generate chapters.',
    Icon: WandIcon,
  },
];

/**
 * The built screens, each loaded with its route (its code is downloaded the first time it opens), by segment.
 * Each module's named export is the screen's component.
 */
const lazyScreens: ReadonlyArray<{
  segment: PodcastSegment;
  load: () => Promise<{ Component: ComponentType }>;
  failureName?: 'Upload' | 'Settings';
}> = [
  {
    segment: 'dashboard',
    load: () =>
      import('../overview/dashboard-overview-screen.js').then((m) => ({
        Component: m.DashboardOverviewScreen,
      })),
  },
  {
    segment: 'upload',
    load: () =>
      import('../episodes/upload/upload-episode-screen.js').then((m) => ({
        Component: m.UploadEpisodeScreen,
      })),
    failureName: 'Upload',
  },
  {
    segment: 'settings',
    load: () => import('../settings/settings-screen.js').then((m) => ({ Component: m.SettingsScreen })),
    failureName: 'Settings',
  },
  {
    segment: 'settings/podcast',
    load: () => import('../settings/settings-screen.js').then((m) => ({ Component: m.SettingsScreen })),
    failureName: 'Settings',
  },
  {
    segment: 'settings/rss',
    load: () => import('../settings/settings-screen.js').then((m) => ({ Component: m.SettingsScreen })),
    failureName: 'Settings',
  },
  {
    segment: 'episodes',
    load: () =>
      import('../episodes/list/all-episodes-screen.js').then((m) => ({ Component: m.AllEpisodesScreen })),
  },
  {
    segment: 'episodes/:episodeId/edit',
    load: () =>
      import('../episodes/editor/episode-editor-screen.js').then((m) => ({
        Component: m.EpisodeEditorScreen,
      })),
  },
  {
    segment: 'episodes/:episodeId/analytics',
    load: () =>
      import('../analytics/episode/episode-analytics-screen.js').then((m) => ({
        Component: m.EpisodeAnalyticsScreen,
      })),
  },
  {
    segment: 'episodes/:episodeId/preview',
    load: () =>
      import('../episodes/preview/episode-preview-screen.js').then((m) => ({
        Component: m.EpisodePreviewScreen,
      })),
  },
  {
    segment: 'videos',
    load: () => import('../videos/videos-screen.js').then((m) => ({ Component: m.VideosScreen })),
  },
  {
    segment: 'podcasts',
    load: () => import('../podcasts/podcasts-screen.js').then((m) => ({ Component: m.PodcastsScreen })),
  },
  {
    segment: 'analytics',
    load: () =>
      import('../analytics/podcast/podcast-analytics-screen.js').then((m) => ({
        Component: m.PodcastAnalyticsScreen,
      })),
  },
];

/** The screens under /p/:podcastId, relative to it. */
export const podcastScreenRoutes: RouteObject[] = [
  ...lazyScreens.map(({ segment, load, failureName }) => ({
    path: segment,
    lazy: load,
    ...(failureName ? { errorElement: <ScreenLoadFailure name={failureName} /> } : {}),
  })),
  ...podcastScreens.map(({ segment, title, whatComesHere, Icon, failureName }) => ({
    path: segment,
    element: (
      <ScreenFrame title={title}>
        <NotYetAvailable whatComesHere={whatComesHere} icon={<Icon size={28} />} />
      </ScreenFrame>
    ),
    ...(failureName ? { errorElement: <ScreenLoadFailure name={failureName} /> } : {}),
  })),
];

function ScreenLoadFailure({ name }: { name: string }) {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert" maw={560} mx="auto" my="xl">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon color="red" variant="light" size={48} radius="xl">
          <AlertIcon size={24} />
        </ThemeIcon>
        <Title order={2} fz="xl">
          Couldn&apos;t load {name}
        </Title>
        <Text c="dimmed">Please retry. If this persists, see docs.</Text>
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </Stack>
    </Paper>
  );
}
