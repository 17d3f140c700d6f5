import { podcastMessages, type PodcastSummary } from '@castbase/contracts';
import { Button, Center, EmptyState, Loader, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useFocusReturn } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MicrophoneIcon, PlusIcon, UploadIcon } from '../shared/icons/icons.js';
import { FailureBanner } from '../shared/layout/feedback-banners.js';
import { ScreenFrame } from '../shared/layout/screen-frame.js';
import { usePodcastList } from '../shared/podcasts/podcast-list.js';
import { CREATE_PODCAST_PATH } from '../shared/podcasts/podcast-paths.js';
import { ContributorsDialogs } from './contributors/contributors-dialogs.js';
import { IMPORT_PATH } from './import/import-api.js';
import { PodcastCard } from './podcast-card.js';

/** /p/{podcastId}/podcasts: the podcasts the person owns and those shared with them, and their contributors. */
export function PodcastsScreen() {
  const { podcastId = '' } = useParams();
  const podcasts = usePodcastList();
  const [contributorsOf, setContributorsOf] = useState<PodcastSummary | null>(null);
  // The dialogs leave the page as they close, before they could give focus back: the card's button takes it back.
  useFocusReturn({ opened: contributorsOf !== null });

  function content() {
    if (podcasts.isPending) {
      return (
        <Center py="xl" role="status" aria-label="Loading podcasts">
          <Loader />
        </Center>
      );
    }
    if (podcasts.isError) {
      return (
        <Stack gap="sm" align="flex-start" maw={640}>
          <FailureBanner title={podcastMessages.listFailed} error={podcasts.error} />
          <Button variant="default" loading={podcasts.isFetching} onClick={() => void podcasts.refetch()}>
            Retry
          </Button>
        </Stack>
      );
    }
    if (podcasts.data.length === 0) {
      return (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            variant="light"
            size="lg"
            icon={<MicrophoneIcon size={28} />}
            title="No podcasts yet"
            description="Create your first podcast, or ask a podcast's owner to invite you."
          />
        </Paper>
      );
    }
    return (
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {podcasts.data.map((podcast) => (
          <PodcastCard
            key={podcast.id}
            podcast={podcast}
            current={podcast.id === podcastId}
            onContributors={() => setContributorsOf(podcast)}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <ScreenFrame
      title="Podcasts"
      description="Your podcasts and the ones shared with you."
      actions={
        <>
          <Button component={Link} to={IMPORT_PATH} variant="default" leftSection={<UploadIcon size={18} />}>
            Import Podcast
          </Button>
          <Button component={Link} to={CREATE_PODCAST_PATH} leftSection={<PlusIcon size={18} />}>
            Create Podcast
          </Button>
        </>
      }
    >
      {content()}
      {contributorsOf && (
        <ContributorsDialogs podcast={contributorsOf} onClose={() => setContributorsOf(null)} />
      )}
    </ScreenFrame>
  );
}
