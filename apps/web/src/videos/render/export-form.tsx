import { Button, Group, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { DownloadIcon } from '../player-icons.js';
import { RenderRequestError } from './render-request-error.js';
import { useRenderVideo } from './use-render-video.js';

const presets = [
  { value: '1080p', label: '1080p', description: 'Full HD MP4' },
  { value: '720p', label: '720p', description: 'HD MP4' },
  { value: '540p', label: '540p', description: 'Smaller MP4 for slow connections' },
  { value: 'audio-only', label: 'Audio', description: 'The sound as a 128 kbps MP3' },
] as const;
type Preset = (typeof presets)[number]['value'];

/** Export: the whole video at a preset's height (never enlarged), or its sound alone. */
export function ExportForm({ mediaId }: { mediaId: string }) {
  const [preset, setPreset] = useState<Preset>('720p');
  const render = useRenderVideo(mediaId);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        render.start({ operation: 'export', preset });
      }}
    >
      <Stack gap="sm">
        <Radio.Group
          label="Preset"
          value={preset}
          onChange={(value) => setPreset(value)}
          error={render.fieldErrors.preset}
        >
          <Stack gap="xs" mt={6}>
            {presets.map((option) => (
              <Radio
                key={option.value}
                value={option.value}
                label={option.label}
                description={option.description}
              />
            ))}
          </Stack>
        </Radio.Group>
        <RenderRequestError message={render.requestError} />
        <Group>
          <Button type="submit" loading={render.submitting} leftSection={<DownloadIcon size={18} />}>
            Export Video
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
