import { isVideoMedia, type Episode, type Podcast } from '@castbase/contracts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatInTimeZone } from '../actions/schedule-time.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import { playerMediaUrl, usePlaybackBeacons } from '../../shared/listening/playback-beacons.js';
import { formatDuration } from '../../shared/media-upload/upload-figures.js';
import classes from './episode-preview.module.css';

/**
 * An episode as a listener's page shows it: artwork, title, date, player, show notes and tags. A published episode
 * plays as listeners hear it, through its enclosure redirect (a download from the app) with listening beacons; a
 * draft or scheduled one has no enclosure yet and plays its stored file.
 */
export function EpisodeListenerView({ episode, podcast }: { episode: Episode; podcast: Podcast }) {
  const [media, setMedia] = useState<HTMLMediaElement | null>(null);
  const published = episode.status === 'published' && episode.media !== null;
  const played = { podcastId: episode.podcastId, episodeId: episode.id, token: podcast.privateAccessToken };
  usePlaybackBeacons(media, published ? played : null, 'app');
  const mediaUrl =
    episode.media && published ? playerMediaUrl(played, 'app', episode.media) : episode.media?.url;
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
              ref={setMedia}
              controls
              preload="none"
              src={mediaUrl}
              className={classes.video}
              aria-label={playerLabel}
            />
          ) : (
            <audio
              ref={setMedia}
              controls
              preload="none"
              src={mediaUrl}
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
