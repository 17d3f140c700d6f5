import { podcastRoleLabels, type PodcastSummary } from '@castbase/contracts';
import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { MicrophoneIcon, PlusIcon, SelectorIcon } from '../shared/icons/icons.js';
import { CREATE_PODCAST_PATH, podcastPath } from '../shared/podcasts/podcast-paths.js';
import { podcastCountLabel } from '../shared/podcasts/podcast-list.js';
import classes from './dashboard-shell.module.css';

interface PodcastSwitcherProps {
  currentPodcastId: string;
  /** Undefined while the list loads; empty when there are none or listing failed (the failure is only logged). */
  podcasts: readonly PodcastSummary[] | undefined;
}

const SWITCH_PODCAST_LABEL = 'Switch podcast:';

export function PodcastSwitcher({ currentPodcastId, podcasts }: PodcastSwitcherProps) {
  const navigate = useNavigate();
  const current = podcasts?.find((podcast) => podcast.id === currentPodcastId);
  const countLabel = podcasts ? podcastCountLabel(podcasts.length) : 'Loading podcasts…';

  return (
    <Menu position="bottom-start" width={300} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by what it shows, after a hidden "Switch podcast:", so speech input can use the visible name. */}
        <UnstyledButton className={classes.switcher}>
          <Group gap="sm" wrap="nowrap">
            <PodcastAvatar podcast={current} size={40} />
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <VisuallyHidden>{SWITCH_PODCAST_LABEL}</VisuallyHidden>
              <Text fw={600} size="sm" truncate="end">
                {current?.name ?? 'Your podcasts'}
              </Text>
              <Text c="dimmed" size="xs">
                {countLabel}
              </Text>
            </Stack>
            <SelectorIcon size={16} color="var(--mantine-color-dimmed)" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown mah={300} style={{ overflowY: 'auto' }}>
        <Menu.Label>{countLabel}</Menu.Label>
        {podcasts?.map((podcast) => (
          <Menu.Item
            key={podcast.id}
            leftSection={<PodcastAvatar podcast={podcast} size={32} />}
            aria-current={podcast.id === currentPodcastId ? 'page' : undefined}
            onClick={() => navigate(podcastPath(podcast.id, 'dashboard'))}
          >
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500} truncate="end" miw={0}>
                {podcast.name}
              </Text>
              {podcast.id === currentPodcastId && (
                <Text span c="dimmed" size="xs" style={{ flexShrink: 0 }}>
                  (Current)
                </Text>
              )}
            </Group>
            <Group gap={4} mt={4}>
              <Badge size="xs" variant="light" color={podcast.visibility === 'public' ? 'teal' : 'gray'}>
                {podcast.visibility === 'public' ? 'Public' : 'Private'}
              </Badge>
              <Badge size="xs" variant="outline" color="gray">
                {podcast.type === 'episodic' ? 'Episodic' : 'Serial'}
              </Badge>
              {podcast.role !== 'owner' && (
                <Badge size="xs" variant="light" color="violet">
                  {`Shared · ${podcastRoleLabels[podcast.role]}`}
                </Badge>
              )}
            </Group>
          </Menu.Item>
        ))}
        {podcasts && podcasts.length > 0 && <Menu.Divider />}
        <Menu.Item leftSection={<PlusIcon size={16} />} onClick={() => navigate(CREATE_PODCAST_PATH)}>
          Create New Podcast
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Always shown beside the podcast's name, so hidden from assistive technology: the initials would repeat it. */
function PodcastAvatar({ podcast, size }: { podcast: PodcastSummary | undefined; size: number }) {
  if (!podcast) {
    return (
      <Avatar color="blue" radius="md" size={size} aria-hidden="true">
        <MicrophoneIcon size={size / 2} />
      </Avatar>
    );
  }
  return (
    <Avatar
      src={podcast.artworkUrl}
      name={podcast.name}
      color="initials"
      radius="md"
      size={size}
      alt=""
      aria-hidden="true"
    />
  );
}
