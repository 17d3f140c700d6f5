import type { Episode } from '@castbase/contracts';
import { Button, DataList, Paper, Stack, Text, Title } from '@mantine/core';
import { publicEpisodePath } from '../actions/episode-links.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import { formatDuration } from '../../shared/media-upload/upload-figures.js';
import { Podcasting20Summary } from '../form/podcasting20-summary.js';

interface EditorActionsCardProps {
  episode: Episode;
  readOnly: boolean;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** View Live (published episodes), Duplicate and Delete. */
export function EditorActionsCard({ episode, readOnly, onDuplicate, onDelete }: EditorActionsCardProps) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Actions
        </Title>
        {episode.status === 'published' ? (
          <Button
            component="a"
            href={publicEpisodePath(episode.id)}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            fullWidth
          >
            View Live
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            View Live opens once the episode is published.
          </Text>
        )}
        {!readOnly && (
          <>
            <Button variant="default" onClick={onDuplicate} fullWidth>
              Duplicate
            </Button>
            <Button variant="light" color="red" onClick={onDelete} fullWidth>
              Delete
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Created, updated, length, plays, version and guid. */
export function EditorQuickInfoCard({ episode }: { episode: Episode }) {
  const timeZone = useCreatorTimeZone();
  const date = new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  const rows: Array<[string, string]> = [
    ['Created', date.format(new Date(episode.createdAt))],
    ['Updated', date.format(new Date(episode.updatedAt))],
    ['Duration', episode.media ? formatDuration(episode.durationSeconds) : '—'],
    ['Plays', String(episode.plays)],
    ['Revision', String(episode.revision)],
    ['GUID', episode.guid],
  ];
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Quick info
        </Title>
        <DataList orientation="horizontal" size="sm">
          {rows.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Stack>
    </Paper>
  );
}

/** The Podcasting 2.0 fields the episode holds, with a link to the Enhancements tab. */
export function EditorPodcasting20Card({ episode, onOpen }: { episode: Episode; onOpen: () => void }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Podcasting 2.0
        </Title>
        <Podcasting20Summary episode={episode} />
        <Button variant="light" onClick={onOpen} fullWidth>
          Open Enhancements
        </Button>
      </Stack>
    </Paper>
  );
}
