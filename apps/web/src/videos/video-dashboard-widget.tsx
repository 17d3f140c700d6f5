import { VIDEO_WIDGET_EPISODES, videoMessages as text, type Episode } from '@castbase/contracts';
import { Anchor, Group, Paper, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';
import { useVideoEpisodes } from './use-video-episodes.js';
import { VideoGrid } from './video-card.js';

// The player is downloaded after the dashboard has shown, and only when it has videos. The dialog is mounted
// closed, so when it closes Mantine returns focus to the card that opened it.
const VideoModal = lazy(() => import('./video-modal.js').then((module) => ({ default: module.VideoModal })));

/** The dashboard's newest video episodes (at most 6), each opening the player; nothing without videos. */
export function VideoDashboardWidget({ podcastId }: { podcastId: string }) {
  const videos = useVideoEpisodes(podcastId, 1, VIDEO_WIDGET_EPISODES);
  const [playing, setPlaying] = useState<Episode | null>(null);
  if (!videos.data || videos.data.items.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="video-widget-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="video-widget-title">
          {text.title}
        </Title>
        <Anchor component={Link} to={podcastPath(podcastId, 'videos')} fw={500} py={10}>
          View All<VisuallyHidden> videos</VisuallyHidden>
        </Anchor>
      </Group>
      <VideoGrid episodes={videos.data.items} size="small" onPlay={setPlaying} />
      <Suspense fallback={null}>
        <VideoModal episode={playing} opened={playing !== null} onClose={() => setPlaying(null)} />
      </Suspense>
    </Paper>
  );
}
