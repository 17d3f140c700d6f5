import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatBytes, formatDuration } from '../../shared/media-upload/upload-figures.js';
import type { EpisodeMediaValue } from './episode-form-values.js';
import classes from './episode-form.module.css';

/** The episode's saved audio or video: its name, length, size and a player. */
export function CurrentMediaPanel({ media, actions }: { media: EpisodeMediaValue; actions?: ReactNode }) {
  const label = `Current ${media.kind}: ${media.fileName}`;
  return (
    <Stack gap="sm" className={classes.panel}>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="light" color={media.kind === 'video' ? 'grape' : 'blue'} radius="sm">
          {media.kind === 'video' ? 'Video' : 'Audio'}
        </Badge>
        <Text fw={600} className={classes.fileName}>
          {media.fileName}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {formatDuration(media.durationSeconds)} · {formatBytes(media.sizeBytes)}
      </Text>
      {media.kind === 'video' ? (
        <video controls preload="metadata" src={media.url} className={classes.player} aria-label={label} />
      ) : (
        <audio controls preload="metadata" src={media.url} className={classes.player} aria-label={label} />
      )}
      {actions}
    </Stack>
  );
}
