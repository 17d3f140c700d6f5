import { videoMessages } from '@castbase/contracts';
import { Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { VideoIcon } from '../shared/icons/icons.js';
import { AudioOnlyIcon } from './player-icons.js';

/** What stands in a video's place: an episode without media, or one whose media is audio. */
export type VideoAbsence = 'no-video' | 'audio-only';

const absence: Record<VideoAbsence, { label: string; icon: ReactNode }> = {
  'no-video': { label: videoMessages.noVideo, icon: <VideoIcon size={28} /> },
  'audio-only': { label: videoMessages.audioOnly, icon: <AudioOnlyIcon size={28} /> },
};

/** 'No video available' or 'Audio Only' on a 16:9 surface where the video would be. */
export function VideoPlaceholder({ reason }: { reason: VideoAbsence }) {
  const { label, icon } = absence[reason];
  return (
    <Center
      bg="var(--mantine-color-default-hover)"
      style={{ aspectRatio: '16 / 9', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Stack align="center" gap={6} c="dimmed">
        {icon}
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
