import { VIDEO_SHORT_MAX_SECONDS as SHORT_MAX_SECONDS } from '@castbase/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PhoneIcon } from '../player-icons.js';
import { RenderRequestError } from './render-request-error.js';
import { SecondsField, secondsOf } from './seconds-field.js';
import { useRenderVideo } from './use-render-video.js';

/** Create Short: up to 60 s from a start, cropped to a 9:16 portrait video. */
export function ShortForm({ mediaId, durationSeconds }: { mediaId: string; durationSeconds: number }) {
  const [start, setStart] = useState<number | ''>(0);
  const [length, setLength] = useState<number | ''>(Math.min(SHORT_MAX_SECONDS, durationSeconds));
  const render = useRenderVideo(mediaId);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        render.start({
          operation: 'short',
          startSeconds: secondsOf(start),
          durationSeconds: secondsOf(length),
        });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          At most {SHORT_MAX_SECONDS} seconds from the start you choose, cropped to a 9:16 portrait video.
        </Text>
        <Group grow align="flex-start">
          <SecondsField
            label="Start"
            value={start}
            onChange={setStart}
            error={render.fieldErrors.startSeconds}
          />
          <SecondsField
            label="Length"
            value={length}
            onChange={setLength}
            error={render.fieldErrors.durationSeconds}
          />
        </Group>
        <RenderRequestError message={render.requestError} />
        <Group>
          <Button type="submit" loading={render.submitting} leftSection={<PhoneIcon size={18} />}>
            Create Short
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
