import { isVideoMedia, type Episode } from '@castbase/contracts';
import { Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { VideoPlaceholder } from './video-placeholder.js';
import { VideoPlayer } from './video-player.js';

interface VideoModalProps {
  episode: Episode | null;
  opened: boolean;
  onClose: () => void;
  /** Shown under the player (the Videos page puts its trim, export and short actions here). */
  children?: ReactNode;
}

/**
 * An episode's video in a dialog, in the player with its keyboard controls (focused when the dialog opens).
 * Escape closes it and focus returns to what opened it. Audio and missing media show their placeholders.
 */
export function VideoModal({ episode, opened, onClose, children }: VideoModalProps) {
  return (
    <Modal
      opened={opened && episode !== null}
      onClose={onClose}
      title={episode?.title ?? ''}
      size="xl"
      centered
      styles={{ title: { fontWeight: 600, overflowWrap: 'anywhere' } }}
    >
      {episode && (
        <Stack gap="md">
          <EpisodeVideo episode={episode} />
          {episode.description && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {episode.description}
            </Text>
          )}
          {children}
        </Stack>
      )}
    </Modal>
  );
}

/** The episode's video in the player, or the placeholder that says why there is none. */
export function EpisodeVideo({ episode }: { episode: Episode }) {
  if (!episode.media) return <VideoPlaceholder reason="no-video" />;
  if (!isVideoMedia(episode.media)) return <VideoPlaceholder reason="audio-only" />;
  return (
    <VideoPlayer src={episode.media.url} title={episode.title} poster={episode.artworkUrl} focusOnOpen />
  );
}
