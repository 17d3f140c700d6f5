import { videoMessages as text, type Episode, type VideoCardSize } from '@castbase/contracts';
import { Button, Center, Group, Loader, Pagination, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { UploadIcon } from '../shared/icons/icons.js';
import { ScreenFrame } from '../shared/layout/screen-frame.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';
import { useCan } from '../shared/podcasts/use-podcast.js';
import { useVideoEpisodes } from './use-video-episodes.js';
import { VideoGrid } from './video-card.js';
import { CardSizeControl } from './card-size-control.js';
import { NoVideoEpisodes, VideoListFailure } from './video-list-states.js';
import { VideoModal } from './video-modal.js';

const VIDEOS_PER_PAGE = 24;

// The render forms are downloaded when an editor first opens a video.
const VideoRenderPanel = lazy(() =>
  import('./render/video-render-panel.js').then((module) => ({ default: module.VideoRenderPanel })),
);

/** /p/:podcastId/videos: the podcast's video episodes as cards, each opening the player and its render tools. */
export function VideosScreen() {
  const { podcastId = '' } = useParams();
  const canEdit = useCan(podcastId, 'editEpisodes');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<VideoCardSize>('medium');
  const [playing, setPlaying] = useState<Episode | null>(null);
  const videos = useVideoEpisodes(podcastId, page, VIDEOS_PER_PAGE);
  const total = videos.data?.total;

  return (
    <ScreenFrame
      title={text.title}
      description={total === undefined ? undefined : `${total} video ${total === 1 ? 'episode' : 'episodes'}`}
      actions={canEdit && <UploadEpisodeButton podcastId={podcastId} />}
    >
      {videos.isError ? (
        <VideoListFailure onRetry={() => void videos.refetch()} />
      ) : !videos.data ? (
        <Center py={80} role="status" aria-label="Loading videos">
          <Loader />
        </Center>
      ) : videos.data.items.length === 0 ? (
        <NoVideoEpisodes action={canEdit && <UploadEpisodeButton podcastId={podcastId} />} />
      ) : (
        <Stack gap="lg">
          <CardSizeControl value={size} onChange={setSize} />
          <VideoGrid episodes={videos.data.items} size={size} onPlay={setPlaying} />
          {videos.data.pageCount > 1 && (
            <Group justify="center">
              <Pagination
                total={videos.data.pageCount}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              />
            </Group>
          )}
        </Stack>
      )}
      <VideoModal episode={playing} opened={playing !== null} onClose={() => setPlaying(null)}>
        {canEdit && playing?.media && (
          <Suspense
            fallback={
              <Center role="status" aria-label="Loading the render tools">
                <Loader size="sm" />
              </Center>
            }
          >
            <VideoRenderPanel mediaId={playing.media.mediaId} />
          </Suspense>
        )}
      </VideoModal>
    </ScreenFrame>
  );
}

function UploadEpisodeButton({ podcastId }: { podcastId: string }) {
  return (
    <Button component={Link} to={podcastPath(podcastId, 'upload')} leftSection={<UploadIcon size={18} />}>
      Upload Episode
    </Button>
  );
}
