import { Alert, Button, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useApiClient } from '../../shared/api/use-api-client.js';
import { episodeQueryKeys, episodesApi } from '../../shared/episodes/episodes-api.js';
import { AlertIcon } from '../../shared/icons/icons.js';
import { ScreenFrame } from '../../shared/layout/screen-frame.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { useCan, usePodcast } from '../../shared/podcasts/use-podcast.js';
import { UploadEpisodeForm } from './upload-episode-form.js';

const NEXT_NUMBER_QUERY = { pageSize: 1 } as const;

/** /p/{podcastId}/upload: a new episode from an audio or video file (spec 2 §2 "Upload Episode screen"). */
export function UploadEpisodeScreen() {
  const { podcastId = '' } = useParams();
  const api = useApiClient();
  const podcast = usePodcast(podcastId);
  const canEdit = useCan(podcastId, 'editEpisodes');
  // The list's reply carries the next episode number (the highest in the podcast plus one).
  const list = useQuery({
    queryKey: episodeQueryKeys.list(podcastId, NEXT_NUMBER_QUERY),
    queryFn: ({ signal }) => episodesApi.list(api, podcastId, NEXT_NUMBER_QUERY, signal),
  });
  const dashboard = podcastPath(podcastId, 'dashboard');

  return (
    <ScreenFrame
      title="Upload Episode"
      description={podcast.data ? `New episode of ${podcast.data.name}` : undefined}
    >
      {podcast.isPending || list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : podcast.data && !canEdit ? (
        <Alert color="yellow" variant="light" icon={<AlertIcon size={20} />} title="View only">
          Your role on this podcast is Viewer: you can see its episodes, but not upload new ones.
          <Button component={Link} to={dashboard} variant="default" mt="md" display="flex" w="fit-content">
            Back to Dashboard
          </Button>
        </Alert>
      ) : (
        <UploadEpisodeForm
          podcastId={podcastId}
          podcastArtworkUrl={podcast.data?.artworkUrl ?? null}
          nextEpisodeNumber={list.data?.nextEpisodeNumber ?? null}
          dashboardPath={dashboard}
        />
      )}
    </ScreenFrame>
  );
}
