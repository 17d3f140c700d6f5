import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ScissorsIcon } from '../player-icons.js';
import { formatPlaybackTime } from '../use-video-playback.js';
import { RenderRequestError } from './render-request-error.js';
import { SecondsField, secondsOf } from './seconds-field.js';
import { useRenderVideo } from './use-render-video.js';

/** Trim: a start and an end in seconds; the trimmed copy becomes a download of its own. */
export function TrimForm({ mediaId, durationSeconds }: { mediaId: string; durationSeconds: number }) {
  const [start, setStart] = useState<number | ''>(0);
  const [end, setEnd] = useState<number | ''>(durationSeconds);
  const render = useRenderVideo(mediaId);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        render.start({ operation: 'trim', startSeconds: secondsOf(start), endSeconds: secondsOf(end) });
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The video is {formatPlaybackTime(durationSeconds)} long. The part between the two times becomes a
          file of its own.
        </Text>
        <Group grow align="flex-start">
          <SecondsField
            label="Start"
            value={start}
            onChange={setStart}
            error={render.fieldErrors.startSeconds}
          />
          <SecondsField label="End" value={end} onChange={setEnd} error={render.fieldErrors.endSeconds} />
        </Group>
        <RenderRequestError message={render.requestError} />
        <Group>
          <Button type="submit" loading={render.submitting} leftSection={<ScissorsIcon size={18} />}>
            Trim Video
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
