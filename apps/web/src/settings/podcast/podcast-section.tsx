import { can, podcastMessages } from '@castbase/contracts';
import { Button, Center, Loader, Paper, Stack } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../shared/api/api-error.js';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { isUnresolvedPodcastId } from '../../shared/podcasts/podcast-ids.js';
import { usePodcast } from '../../shared/podcasts/use-podcast.js';
import { PodcastDangerZone } from './podcast-danger-zone.js';
import { PodcastPicker } from './podcast-picker.js';
import { PodcastSettingsForm } from './podcast-settings-form.js';

/** Settings → Podcast: the route's podcast, every setting of it, and (for its owner) deleting it. */
export function PodcastSection() {
  const { podcastId = '' } = useParams();
  const podcast = usePodcast(podcastId);

  function body() {
    if (isUnresolvedPodcastId(podcastId)) return <FailureBanner title={podcastMessages.noPodcastSelected} />;
    if (podcast.isPending) {
      return (
        <Center py="xl" role="status" aria-label="Loading the podcast">
          <Loader />
        </Center>
      );
    }
    if (podcast.isError) {
      const notFound = podcast.error instanceof ApiError && podcast.error.status === 404;
      return (
        <Stack gap="sm" align="flex-start">
          <FailureBanner
            title={notFound ? podcastMessages.metadataNotFound : podcastMessages.loadFailed}
            {...(notFound ? {} : { error: podcast.error })}
          />
          <Button variant="default" onClick={() => void podcast.refetch()}>
            Try Again
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="xl">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={860}>
          <PodcastSettingsForm key={podcast.data.id} podcast={podcast.data} />
        </Paper>
        {can(podcast.data.role, 'manage') && (
          <Stack maw={860}>
            <PodcastDangerZone podcast={podcast.data} />
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PodcastPicker currentPodcastId={podcastId} />
      {body()}
    </Stack>
  );
}
