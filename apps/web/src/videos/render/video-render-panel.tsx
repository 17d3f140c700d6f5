import { videoMessages as text } from '@castbase/contracts';
import { Alert, Loader, Group, Tabs, Text, Stack } from '@mantine/core';
import { errorMessageOf } from '../../shared/api/api-error.js';
import { AlertIcon } from '../../shared/icons/icons.js';
import { DownloadIcon, PhoneIcon, ScissorsIcon } from '../player-icons.js';
import { useVideoMediaFile } from '../use-video-episodes.js';
import { ExportForm } from './export-form.js';
import { RenderJobs } from './render-jobs.js';
import { ShortForm } from './short-form.js';
import { TrimForm } from './trim-form.js';

/**
 * Trim, Export and Create Short for a stored video (spec 2 "Videos page"): each form starts the media service's job,
 * whose progress is shown below until its file can be downloaded, or its error when it fails.
 */
export function VideoRenderPanel({ mediaId }: { mediaId: string }) {
  const media = useVideoMediaFile(mediaId);
  if (media.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading the video&apos;s renders…
        </Text>
      </Group>
    );
  }
  if (media.isError) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />}>
        {errorMessageOf(media.error)}
      </Alert>
    );
  }
  const file = media.data;
  return (
    <Stack gap="md">
      <Tabs defaultValue="trim" keepMounted={false} styles={{ tab: { minHeight: 44 } }}>
        <Tabs.List>
          <Tabs.Tab value="trim" leftSection={<ScissorsIcon size={16} />}>
            {text.trim}
          </Tabs.Tab>
          <Tabs.Tab value="export" leftSection={<DownloadIcon size={16} />}>
            {text.exportVideo}
          </Tabs.Tab>
          <Tabs.Tab value="short" leftSection={<PhoneIcon size={16} />}>
            {text.createShort}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="trim" pt="md">
          <TrimForm mediaId={mediaId} durationSeconds={file.durationSeconds} />
        </Tabs.Panel>
        <Tabs.Panel value="export" pt="md">
          <ExportForm mediaId={mediaId} />
        </Tabs.Panel>
        <Tabs.Panel value="short" pt="md">
          <ShortForm mediaId={mediaId} durationSeconds={file.durationSeconds} />
        </Tabs.Panel>
      </Tabs>
      <RenderJobs file={file} />
    </Stack>
  );
}
