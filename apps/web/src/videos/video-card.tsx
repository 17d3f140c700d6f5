import {
  isVideoMedia,
  truncateTitle,
  videoCardLayout,
  type Episode,
  type VideoCardSize,
} from '@castbase/contracts';
import { Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { EpisodeStatusBadge } from '../episodes/actions/index.js';
import { PlayIcon, VideoIcon } from '../shared/icons/icons.js';
import { formatPlaybackTime } from './use-video-playback.js';
import { useVideoMediaFile } from './use-video-episodes.js';
import classes from './video-card.module.css';
import { VideoPlaceholder } from './video-placeholder.js';

interface VideoCardProps {
  episode: Episode;
  size: VideoCardSize;
  onPlay: (episode: Episode) => void;
}

/**
 * A video episode as a card 200, 300 or 400 px wide: its thumbnail (the frame media took at 1 s, else the episode's
 * artwork) opens the player; the title is cut to 30, 50 or 70 characters, whole for assistive tech.
 */
export function VideoCard({ episode, size, onPlay }: VideoCardProps) {
  const { widthPx, titleMaxChars } = videoCardLayout[size];
  const shownTitle = truncateTitle(episode.title, titleMaxChars);
  const playable = episode.media !== null && isVideoMedia(episode.media);
  return (
    <Paper withBorder radius="md" className={classes.card} maw={widthPx} data-video-card={size}>
      {playable ? (
        <div className={classes.thumbnail}>
          <UnstyledButton
            className={classes.play}
            onClick={() => onPlay(episode)}
            aria-label={`Play ${episode.title}`}
          >
            <VideoThumbnail episode={episode} />
            <span className={classes.playBadge}>
              <PlayIcon size={22} />
            </span>
          </UnstyledButton>
          {episode.durationSeconds > 0 && (
            <span className={classes.duration} aria-hidden>
              {formatPlaybackTime(episode.durationSeconds)}
            </span>
          )}
        </div>
      ) : (
        <VideoPlaceholder reason={episode.media ? 'audio-only' : 'no-video'} />
      )}
      <Stack gap={6} p="sm">
        <Text fw={600} size={size === 'small' ? 'sm' : 'md'} lh={1.3} title={episode.title} data-video-title>
          <span aria-hidden>{shownTitle}</span>
          <VisuallyHidden>{episode.title}</VisuallyHidden>
        </Text>
        <Group gap="xs">
          <EpisodeStatusBadge status={episode.status} />
          {episode.durationSeconds > 0 && (
            <Text size="xs" c="dimmed">
              <VisuallyHidden>Duration </VisuallyHidden>
              {formatPlaybackTime(episode.durationSeconds)}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function VideoThumbnail({ episode }: { episode: Episode }) {
  const media = useVideoMediaFile(episode.media?.mediaId ?? null);
  const thumbnail =
    media.data?.outputs.find((output) => output.role === 'thumbnail')?.url ?? episode.artworkUrl;
  if (!thumbnail) {
    return (
      <span className={`${classes.image} ${classes.noThumbnail}`}>
        <VideoIcon size={32} />
      </span>
    );
  }
  return <img className={classes.image} src={thumbnail} alt="" loading="lazy" />;
}

/** Video cards in a grid of columns of the cards' width (one column on a narrow screen). */
export function VideoGrid({
  episodes,
  size,
  onPlay,
}: {
  episodes: Episode[];
  size: VideoCardSize;
  onPlay: (episode: Episode) => void;
}) {
  const { widthPx } = videoCardLayout[size];
  return (
    <ul
      className={classes.grid}
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${widthPx}px), ${widthPx}px))` }}
    >
      {episodes.map((episode) => (
        <li key={episode.id}>
          <VideoCard episode={episode} size={size} onPlay={onPlay} />
        </li>
      ))}
    </ul>
  );
}
