import { dashboardMessages as text, type Episode } from '@castbase/contracts';
import { Button, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { editEpisodePath, EpisodeStatusBadge, useCreatorTimeZone } from '../episodes/actions/index.js';
import { ListIcon, UploadIcon } from '../shared/icons/icons.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';

interface RecentEpisodesCardProps {
  podcastId: string;
  episodes: Episode[];
  /** The caller may edit and upload (editor or owner). */
  canEdit: boolean;
}

/** The newest episodes with their status and creation date, each with Edit; an upload prompt without any. */
export function RecentEpisodesCard({ podcastId, episodes, canEdit }: RecentEpisodesCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="recent-episodes-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg" id="recent-episodes-title">
          {text.recentEpisodes}
        </Title>
        {episodes.length > 0 && (
          <Button component={Link} to={podcastPath(podcastId, 'episodes')} variant="subtle" size="sm">
            All Episodes
          </Button>
        )}
      </Group>
      {episodes.length === 0 ? (
        <NoEpisodesYet podcastId={podcastId} canEdit={canEdit} />
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {episodes.map((episode) => (
            <RecentEpisodeRow key={episode.id} podcastId={podcastId} episode={episode} canEdit={canEdit} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function RecentEpisodeRow({
  podcastId,
  episode,
  canEdit,
}: {
  podcastId: string;
  episode: Episode;
  canEdit: boolean;
}) {
  const timeZone = useCreatorTimeZone();
  const created = new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium' }).format(
    new Date(episode.createdAt),
  );
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="md"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Text fw={600} truncate="end" title={episode.title}>
          {episode.title}
        </Text>
        <Group gap="xs">
          <EpisodeStatusBadge status={episode.status} />
          <Text size="sm" c="dimmed">
            Created {created}
          </Text>
        </Group>
      </Stack>
      {canEdit && (
        <Button
          component={Link}
          to={editEpisodePath(podcastId, episode.id)}
          variant="default"
          size="sm"
          style={{ flexShrink: 0 }}
          aria-label={`${text.edit} ${episode.title}`}
        >
          {text.edit}
        </Button>
      )}
    </Group>
  );
}

function NoEpisodesYet({ podcastId, canEdit }: { podcastId: string; canEdit: boolean }) {
  return (
    <EmptyState
      variant="light"
      size="md"
      icon={<ListIcon size={26} />}
      title={text.noEpisodes}
      description={
        canEdit
          ? 'Upload your first episode: it appears here as a draft until you publish it.'
          : 'Episodes of this podcast appear here once they are uploaded.'
      }
    >
      {canEdit && (
        <EmptyState.Actions>
          <Button
            component={Link}
            to={podcastPath(podcastId, 'upload')}
            leftSection={<UploadIcon size={18} />}
          >
            {text.uploadEpisode}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
