import { podcastRoleLabels, type PodcastSummary } from '@castbase/contracts';
import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { SettingsIcon, UsersIcon } from '../shared/icons/icons.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';

interface PodcastCardProps {
  podcast: PodcastSummary;
  current: boolean;
  onContributors: () => void;
}

/** One podcast on the Podcasts page: its art, name, visibility, type and the caller's role; Open, Contributors, Settings. */
export function PodcastCard({ podcast, current, onContributors }: PodcastCardProps) {
  const titleId = `podcast-card-${podcast.id}`;
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="md" h="100%" justify="space-between">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <Avatar
            src={podcast.artworkUrl}
            name={podcast.name}
            color="initials"
            radius="md"
            size={72}
            alt=""
            aria-hidden="true"
          />
          <Stack gap={6} miw={0}>
            <Title order={2} fz="lg" id={titleId} lineClamp={2}>
              {podcast.name}
            </Title>
            <Group gap={6}>
              <Badge variant="light" color={podcast.visibility === 'public' ? 'teal' : 'gray'}>
                {podcast.visibility === 'public' ? 'Public' : 'Private'}
              </Badge>
              <Badge variant="outline" color="gray">
                {podcast.type === 'episodic' ? 'Episodic' : 'Serial'}
              </Badge>
              <Badge variant="light" color={podcast.role === 'owner' ? 'blue' : 'violet'}>
                {`Your role: ${podcastRoleLabels[podcast.role]}`}
              </Badge>
            </Group>
            {current && (
              <Text size="sm" c="dimmed">
                (Current)
              </Text>
            )}
          </Stack>
        </Group>
        <Group gap="sm">
          <Button
            component={Link}
            to={podcastPath(podcast.id, 'dashboard')}
            aria-label={`Open ${podcast.name}`}
          >
            Open
          </Button>
          <Button
            variant="default"
            leftSection={<UsersIcon size={18} />}
            onClick={onContributors}
            aria-label={`Contributors of ${podcast.name}`}
          >
            Contributors
          </Button>
          <Button
            variant="default"
            component={Link}
            to={podcastPath(podcast.id, 'settings/podcast')}
            leftSection={<SettingsIcon size={18} />}
            aria-label={`Settings of ${podcast.name}`}
          >
            Settings
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
