import { isVideoMedia, type Episode, type Podcast } from '@castbase/contracts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatInTimeZone } from '../actions/schedule-time.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import { formatDuration } from '../../shared/media-upload/upload-figures.js';
import classes from './episode-preview.module.css';

/** An episode as a listener's page shows it: artwork, title, date, player, show notes and tags. */
export function EpisodeListenerView({ episode, podcast }: { episode: Episode; podcast: Podcast }) {
  const timeZone = useCreatorTimeZone();
  const artwork = episode.artworkUrl ?? podcast.artworkUrl;
  const date = episode.publishDate ?? episode.scheduledReleaseDate;
  const numbering = [
    episode.seasonNumber ? `Season ${episode.seasonNumber}` : null,
    episode.episodeNumber ? `Episode ${episode.episodeNumber}` : null,
  ].filter(Boolean);
  const playerLabel = `Play ${episode.title}`;

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      component="article"
      aria-labelledby="preview-title"
    >
      <Stack gap="lg">
        <Group align="flex-start" gap="lg" wrap="wrap">
          {artwork ? (
            <img src={artwork} alt={`Artwork of ${episode.title}`} className={classes.artwork} />
          ) : (
            <div className={classes.artworkPlaceholder} aria-hidden="true">
              {podcast.name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <Stack gap={6} className={classes.heading}>
            <Text size="sm" c="dimmed">
              {podcast.name}
            </Text>
            <Title order={2} id="preview-title" className={classes.title}>
              {episode.title}
            </Title>
            <Text size="sm" c="dimmed">
              {[
                date ? formatInTimeZone(date, timeZone) : 'Not published yet',
                episode.media ? formatDuration(episode.durationSeconds) : null,
                ...numbering,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Group gap="xs">
              {episode.explicit && (
                <Badge color="red" variant="light" radius="sm">
                  Explicit
                </Badge>
              )}
              {episode.episodeType !== 'full' && (
                <Badge variant="light" radius="sm">
                  {episode.episodeType === 'trailer' ? 'Trailer' : 'Bonus'}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {episode.media ? (
          isVideoMedia(episode.media) && episode.enableVideo ? (
            <video
              controls
              preload="metadata"
              src={episode.media.url}
              className={classes.video}
              aria-label={playerLabel}
            />
          ) : (
            <audio
              controls
              preload="metadata"
              src={episode.media.url}
              className={classes.audio}
              aria-label={playerLabel}
            />
          )
        ) : (
          <Text c="dimmed">No audio or video yet.</Text>
        )}
        <Stack gap="xs">
          <Title order={3} fz="md">
            Show notes
          </Title>
          {episode.description.trim() ? (
            <Text className={classes.notes}>{episode.description}</Text>
          ) : (
            <Text c="dimmed">No description.</Text>
          )}
        </Stack>
        {episode.tags.length > 0 && (
          <Group gap="xs" aria-label="Tags" role="list">
            {episode.tags.map((tag) => (
              <Badge key={tag} variant="outline" radius="sm" role="listitem">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
