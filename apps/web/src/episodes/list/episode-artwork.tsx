import { isVideoMedia, type Episode } from '@castbase/contracts';
import { ActionIcon, Avatar, Box, type StyleProp } from '@mantine/core';
import { MicrophoneIcon, PlayIcon } from '../../shared/icons/icons.js';

interface EpisodeArtworkProps {
  episode: Episode;
  podcastArtworkUrl: string | null;
  /** Its width (responsive values allowed); it is square. */
  size: StyleProp<number | string>;
  /** Video episodes get a play button over the art that opens the video player. */
  onPlay: (episode: Episode) => void;
}

/** The episode's art (the podcast's when it has none), with a play button on video episodes. */
export function EpisodeArtwork({ episode, podcastArtworkUrl, size, onPlay }: EpisodeArtworkProps) {
  const video = isVideoMedia(episode.media);
  return (
    <Box pos="relative" w={size} style={{ flexShrink: 0 }}>
      <Avatar
        src={episode.artworkUrl ?? podcastArtworkUrl}
        alt=""
        radius="md"
        w="100%"
        h="auto"
        miw={0}
        color="gray"
        style={{ aspectRatio: '1 / 1' }}
      >
        <MicrophoneIcon size={24} />
      </Avatar>
      {video && <PlayVideoButton episode={episode} onPlay={onPlay} overlay />}
    </Box>
  );
}

/** Play the episode's video (in the video player modal). */
export function PlayVideoButton({
  episode,
  onPlay,
  overlay = false,
}: {
  episode: Episode;
  onPlay: (episode: Episode) => void;
  overlay?: boolean;
}) {
  return (
    <ActionIcon
      size={44}
      radius="xl"
      variant="filled"
      color="dark"
      aria-label={`Play video: ${episode.title}`}
      onClick={() => onPlay(episode)}
      {...(overlay
        ? { pos: 'absolute', top: '50%', left: '50%', style: { transform: 'translate(-50%, -50%)' } }
        : {})}
    >
      <PlayIcon size={20} fill="currentColor" />
    </ActionIcon>
  );
}
