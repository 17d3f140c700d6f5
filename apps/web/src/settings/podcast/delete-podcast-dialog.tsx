import { podcastMessages, type Podcast } from '@castbase/contracts';
import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FailureBanner } from '../../shared/layout/feedback-banners.js';
import { forgetLastUsedPodcastId } from '../../shared/podcasts/podcast-ids.js';
import { usePodcastList } from '../../shared/podcasts/podcast-list.js';
import { BLANK_DASHBOARD_PATH, podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { useDeletePodcast } from '../../shared/podcasts/podcasts-api.js';

interface DeletePodcastDialogProps {
  podcast: Podcast;
  onClose: () => void;
}

/**
 * Deleting a podcast, with its episodes, files and feeds, once its name is typed. Then the next podcast's dashboard
 * opens, or the blank dashboard when none is left.
 */
export function DeletePodcastDialog({ podcast, onClose }: DeletePodcastDialogProps) {
  const [typed, setTyped] = useState('');
  const podcasts = usePodcastList();
  const navigate = useNavigate();
  const remove = useDeletePodcast(podcast.id, async () => {
    forgetLastUsedPodcastId(podcast.id);
    const next = podcasts.data?.find((other) => other.id !== podcast.id);
    await navigate(next ? podcastPath(next.id, 'dashboard') : BLANK_DASHBOARD_PATH, { replace: true });
  });
  const confirmed = typed.trim() === podcast.name.trim();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmed) remove.mutate();
  }

  const busy = remove.isPending;
  return (
    <Modal
      opened
      onClose={onClose}
      title="Delete this podcast?"
      centered
      size="lg"
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={!busy}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {remove.isError && (
            <FailureBanner title={podcastMessages.deleteFailed} error={remove.error} onClose={remove.reset} />
          )}
          <Text>
            This cannot be undone. Deleting <strong>{podcast.name}</strong> also deletes:
          </Text>
          <List spacing={4} withPadding>
            {podcastMessages.whatIsDeleted.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          <TextInput
            label={podcastMessages.deleteConfirmHint(podcast.name)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={busy}>
              Delete podcast
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
