import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { SettingsScreen } from '../settings/settings-screen.js';
import {
  AlertIcon,
  BroadcastIcon,
  ChartBarIcon,
  CoinsIcon,
  HomeIcon,
  ListIcon,
  PlayIcon,
  PodcastsIcon,
  SettingsIcon,
  UploadIcon,
  VideoIcon,
  WandIcon,
  type IconProps,
} from '../shared/icons/icons.js';
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
    segment: 'dashboard',
    title: 'Overview',
    whatComesHere: 'A summary of this podcast — recent episodes, plays and quick actions — will appear here.',
    Icon: HomeIcon,
  },
  {
    segment: 'upload',
    title: 'Upload Episode',
    whatComesHere:
      'Upload audio or video, fill in the episode details and Podcasting 2.0 fields, then publish or schedule it.',
    Icon: UploadIcon,
    failureName: 'Upload',
  },
  {
    segment: 'settings/rss',
    title: 'RSS Feed',
    whatComesHere: 'Your feed address, its generation status and directory submissions will be shown here.',
    Icon: BroadcastIcon,
    failureName: 'Settings',
  },
  {
    segment: 'settings/podcast',
    title: 'Podcast Settings',
    whatComesHere: 'Album art, name, host, feed privacy, category, language and the other directory details.',
    Icon: SettingsIcon,
    failureName: 'Settings',
  },
  {
    segment: 'episodes',
    title: 'Episodes',
    whatComesHere: 'Every episode of this podcast — drafts, scheduled and published — will be listed here.',
    Icon: ListIcon,
  },
  {
    segment: 'episodes/:episodeId/edit',
    title: 'Edit Episode',
    whatComesHere: 'The episode editor, with preview and version history, will open here.',
    Icon: ListIcon,
  },
  {
    segment: 'episodes/:episodeId/preview',
    title: 'Episode Preview',
    whatComesHere: 'A preview of the episode as listeners will see it.',
    Icon: PlayIcon,
  },
  {
    segment: 'episodes/:episodeId/analytics',
    title: 'Episode Analytics',
    whatComesHere:
      'Plays, listeners, completion, listen duration, geography, devices and sources for this episode.',
    Icon: ChartBarIcon,
  },
  {
    segment: 'videos',
    title: 'Videos',
    whatComesHere: 'Video episodes and their processing status will be listed here.',
    Icon: VideoIcon,
  },
  {
    segment: 'monetization',
    title: 'Monetization',
    whatComesHere: 'Dynamic ad campaigns, their creatives and placements will be managed here.',
    Icon: CoinsIcon,
  },
  {
    segment: 'analytics',
    title: 'Analytics',
    whatComesHere:
      'Plays, listeners, listen duration, geography, devices, sources and feed requests, with CSV, JSON and PDF export.',
    Icon: ChartBarIcon,
  },
  {
    segment: 'podcasts',
    title: 'Podcasts',
    whatComesHere: 'All your podcasts and their contributors will be listed here.',
    Icon: PodcastsIcon,
  },
  {
    segment: 'ai/transcribe-edit',
    title: 'Transcribe & Edit',
    whatComesHere:
      'Upload audio or video, transcribe it, follow the transcript on a waveform and generate chapters.',
    Icon: WandIcon,
  },
];

/** The screens under /p/:podcastId, relative to it. */
export const podcastScreenRoutes: RouteObject[] = [
  {
    path: 'settings' satisfies PodcastSegment,
    element: <SettingsScreen />,
    errorElement: <ScreenLoadFailure name="Settings" />,
  },
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
