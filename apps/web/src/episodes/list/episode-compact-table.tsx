import { isVideoMedia } from '@castbase/contracts';
import { Group, Table, Text } from '@mantine/core';
import { EpisodeActionMenu } from '../actions/episode-action-menu.js';
import { EpisodeStatusBadge } from '../actions/episode-status-badge.js';
import { PlayVideoButton } from './episode-artwork.js';
import { formatDate, formatDuration, seasonAndNumber } from './episode-facts.js';
import type { EpisodeViewProps } from './episode-view-props.js';

/** The compact view: a table, one line per episode. */
export function EpisodeCompactTable({ episodes, ...props }: EpisodeViewProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing={4} highlightOnHover aria-label="Episodes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Episode</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Plays</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {episodes.map((episode) => (
            <Table.Tr key={episode.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {isVideoMedia(episode.media) && <PlayVideoButton episode={episode} onPlay={props.onPlay} />}
                  <Text size="sm" fw={500} lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                    {episode.title}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td>
                <EpisodeStatusBadge status={episode.status} />
              </Table.Td>
              <Table.Td>{seasonAndNumber(episode) ?? '—'}</Table.Td>
              <Table.Td>{formatDuration(episode.durationSeconds)}</Table.Td>
              <Table.Td>{episode.plays.toLocaleString()}</Table.Td>
              <Table.Td>{formatDate(episode.createdAt, props.timeZone)}</Table.Td>
              <Table.Td>
                <EpisodeActionMenu
                  episode={episode}
                  podcastId={props.podcastId}
                  canEdit={props.canEdit}
                  onAction={props.onAction}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
