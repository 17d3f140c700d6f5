import type { Podcast } from '@castbase/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useFocusReturn } from '@mantine/hooks';
import { TrashIcon } from '../../shared/icons/icons.js';
import { DeletePodcastDialog } from './delete-podcast-dialog.js';

/** The owner's red box to delete the podcast (the dialog asks for its name). */
export function PodcastDangerZone({ podcast }: { podcast: Podcast }) {
  const [opened, dialog] = useDisclosure(false);
  useFocusReturn({ opened });
  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="podcast-danger-zone-title"
      style={{ borderColor: 'var(--mantine-color-red-filled)' }}
    >
      <Group justify="space-between" align="center" gap="md">
        <Stack gap={4} maw={520}>
          <Title order={3} fz="lg" c="red" id="podcast-danger-zone-title">
            Delete podcast
          </Title>
          <Text size="sm" c="dimmed">
            Permanently delete {podcast.name} with its episodes, uploaded files and RSS feeds. This cannot be
            undone.
          </Text>
        </Stack>
        <Button color="red" leftSection={<TrashIcon size={18} />} onClick={dialog.open}>
          Delete Podcast
        </Button>
      </Group>
      {opened && <DeletePodcastDialog podcast={podcast} onClose={dialog.close} />}
    </Paper>
  );
}
