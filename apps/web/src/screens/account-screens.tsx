import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import {
  BroadcastIcon,
  ChartBarIcon,
  MicrophoneIcon,
  PlusIcon,
  ShareIcon,
  UploadIcon,
  type IconProps,
} from '../shared/icons/icons.js';
import { NotYetAvailable, ScreenFrame } from '../shared/layout/screen-frame.js';
import { StandalonePage } from '../shared/layout/standalone-page.js';
import { CREATE_PODCAST_PATH } from '../shared/podcasts/podcast-paths.js';

/** What a first podcast opens up, on the blank dashboard. */
const firstPodcastFeatures: ReadonlyArray<{
  title: string;
  description: string;
  Icon: ComponentType<IconProps>;
}> = [
  {
    title: 'Upload and publish',
    description: 'Upload audio or video, save drafts, schedule episodes and publish them when you are ready.',
    Icon: UploadIcon,
  },
  {
    title: 'An RSS feed for every app',
    description: 'Castbase generates a feed Apple Podcasts, Spotify and every podcast app accept.',
    Icon: BroadcastIcon,
  },
  {
    title: 'Analytics and growth',
    description: 'See plays, listeners and where they listen, and invite editors and viewers to help.',
    Icon: ChartBarIcon,
  },
];

/** /blank-dashboard: for someone without a podcast, what a first one brings and the way to create it. */
export function BlankDashboardScreen() {
  return (
    <StandalonePage>
      <ScreenFrame
        title="Create your first podcast"
        description="You don't have a podcast yet. Set one up in four short steps."
      >
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
          <Stack gap="xl" align="center" ta="center">
            <ThemeIcon size={64} radius="xl" variant="light">
              <MicrophoneIcon size={32} />
            </ThemeIcon>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" w="100%">
              {firstPodcastFeatures.map(({ title, description, Icon }) => (
                <Stack key={title} gap="xs" align="center" component="article" aria-label={title}>
                  <ThemeIcon variant="light" size={44} radius="md">
                    <Icon size={22} />
                  </ThemeIcon>
                  <Title order={2} fz="md">
                    {title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {description}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            <Button component={Link} to={CREATE_PODCAST_PATH} size="md" leftSection={<PlusIcon size={18} />}>
              Start Creating Podcast
            </Button>
          </Stack>
        </Paper>
      </ScreenFrame>
    </StandalonePage>
  );
}

export function SocialScreen() {
  return (
    <StandalonePage>
      <ScreenFrame title="Social Media Manager">
        <NotYetAvailable
          icon={<ShareIcon size={28} />}
          whatComesHere="Connect your social accounts, generate short clips from episodes, and compose or schedule posts."
        />
      </ScreenFrame>
    </StandalonePage>
  );
}
