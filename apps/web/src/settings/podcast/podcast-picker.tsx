import { Button, Group, Select } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { PlusIcon } from '../../shared/icons/icons.js';
import { usePodcastList } from '../../shared/podcasts/podcast-list.js';
import { CREATE_PODCAST_PATH, podcastPath } from '../../shared/podcasts/podcast-paths.js';

/** Which podcast the tab shows (only with more than one), and Create New Podcast. */
export function PodcastPicker({ currentPodcastId }: { currentPodcastId: string }) {
  const podcasts = usePodcastList();
  const navigate = useNavigate();
  const choices = podcasts.data ?? [];

  return (
    <Group justify="space-between" align="flex-end" gap="md">
      {choices.length > 1 ? (
        <Select
          label="Podcast"
          allowDeselect={false}
          data={choices.map((podcast) => ({ value: podcast.id, label: podcast.name }))}
          value={currentPodcastId}
          onChange={(podcastId) => podcastId && void navigate(podcastPath(podcastId, 'settings/podcast'))}
          w={{ base: '100%', sm: 320 }}
        />
      ) : (
        <span />
      )}
      <Button
        component={Link}
        to={CREATE_PODCAST_PATH}
        variant="default"
        leftSection={<PlusIcon size={18} />}
      >
        Create New Podcast
      </Button>
    </Group>
  );
}
