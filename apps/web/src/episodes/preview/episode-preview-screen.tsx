import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi } from '../../shared/episodes/episodes-api.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { ScreenFrame } from '../../shared/layout/screen-frame.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { usePodcast } from '../../shared/podcasts/use-podcast.js';
import { EpisodeListenerView } from './episode-listener-view.js';

/** /p/{podcastId}/episodes/{episodeId}/preview: the saved episode as listeners will see it. */
export function EpisodePreviewScreen() {
  const { podcastId = '', episodeId = '' } = useParams();
  const api = useApiClient();
  const podcast = usePodcast(podcastId);
  const episode = useQuery({
    queryKey: episodeQueryKeys.one(episodeId),
    queryFn: ({ signal }) => episodesApi.get(api, episodeId, signal),
  });
  const editorPath = podcastPath(podcastId, 'episodes/:episodeId/edit', episodeId);

  return (
    <ScreenFrame
      title="Episode Preview"
      description="What listeners see on the episode's page and in their podcast app, as last saved."
      actions={
        <Button component={Link} to={editorPath} variant="default">
          Back to Editor
        </Button>
      }
    >
      {episode.error || podcast.error ? (
        <Stack gap="md" maw={640}>
          <FailureBanner title="Failed to load the episode" error={episode.error ?? podcast.error} />
          <Button w="fit-content" onClick={() => void Promise.all([episode.refetch(), podcast.refetch()])}>
            Retry
          </Button>
        </Stack>
      ) : !episode.data || !podcast.data ? (
        <Center py="xl">
          <Loader aria-label="Loading the preview" />
        </Center>
      ) : (
        <Stack gap="md">
          {episode.data.status !== 'published' && (
            <Alert variant="light" color="blue">
              {episode.data.status === 'scheduled'
                ? 'This episode is scheduled: listeners see it once it is published.'
                : 'This episode is a draft: listeners see it once it is published.'}
            </Alert>
          )}
          <EpisodeListenerView episode={episode.data} podcast={podcast.data} />
        </Stack>
      )}
    </ScreenFrame>
  );
}
