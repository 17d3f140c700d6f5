import type { MediaFile, MediaOutput, ProcessingJob } from '@castbase/contracts';
import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { AlertIcon, CheckIcon } from '../../shared/icons/icons.js';
import { DownloadIcon } from '../player-icons.js';
import { formatPlaybackTime } from '../use-video-playback.js';

const RENDER_TYPES = ['video-trim', 'video-export', 'video-short'] as const;
type RenderType = (typeof RENDER_TYPES)[number];
const isRender = (job: ProcessingJob): job is ProcessingJob & { type: RenderType } =>
  (RENDER_TYPES as readonly string[]).includes(job.type);

/** What a render made, in a sentence: 'Trim 0:05–0:20', 'Export 720p', 'Short from 0:10, 30 s'. */
export function describeRender(job: ProcessingJob): string {
  const params = job.params ?? {};
  const seconds = (key: string) => (typeof params[key] === 'number' ? params[key] : 0);
  switch (job.type) {
    case 'video-trim':
      return `Trim ${formatPlaybackTime(seconds('startSeconds'))} to ${formatPlaybackTime(seconds('endSeconds'))}`;
    case 'video-export':
      return params.preset === 'audio-only'
        ? 'Export audio (MP3)'
        : `Export ${typeof params.preset === 'string' ? params.preset : ''}`;
    case 'video-short':
      return `Short from ${formatPlaybackTime(seconds('startSeconds'))}, ${seconds('durationSeconds') || 60} s long`;
    case 'process-audio':
    case 'process-image':
    case 'process-video':
    case 'tag-episode-audio':
      return job.type;
  }
}

/** This video's renders, newest first: progress while they run, the file to download, or why they failed. */
export function RenderJobs({ file }: { file: MediaFile }) {
  const renders = file.jobs.filter(isRender).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  if (renders.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="render-jobs-title">
      <Title order={3} fz="md" id="render-jobs-title">
        Renders
      </Title>
      {renders.map((job) => (
        <RenderJobRow
          key={job.id}
          job={job}
          output={file.outputs.find((output) => output.jobId === job.id)}
        />
      ))}
    </Stack>
  );
}

function RenderJobRow({ job, output }: { job: ProcessingJob; output: MediaOutput | undefined }) {
  const label = describeRender(job);
  if (job.status === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<AlertIcon size={20} />}
        title={`${label} failed`}
      >
        {job.error ?? 'The render failed.'}
      </Alert>
    );
  }
  if (job.status === 'succeeded') {
    return (
      <Paper withBorder radius="md" p="sm" data-render-status="succeeded">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <CheckIcon size={18} color="var(--mantine-color-green-text)" />
            <Text size="sm" fw={500}>
              {label}
            </Text>
          </Group>
          {output ? (
            <Button
              component="a"
              href={output.url}
              download
              size="sm"
              variant="light"
              leftSection={<DownloadIcon size={16} />}
              aria-label={`Download ${label}`}
            >
              Download
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              Replaced by a newer export
            </Text>
          )}
        </Group>
      </Paper>
    );
  }
  const percent = Math.round(job.progress * 100);
  const status = job.status === 'queued' ? 'Waiting to start' : (job.step ?? 'Rendering');
  return (
    <Paper withBorder radius="md" p="sm" data-render-status={job.status}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Text size="sm" fw={500}>
            {label}
          </Text>
          <Text size="sm" c="dimmed">
            {status} · {percent}%
          </Text>
        </Group>
        <Progress
          value={percent}
          animated
          aria-label={`${label} progress`}
          aria-valuetext={`${percent}%, ${status}`}
        />
      </Stack>
    </Paper>
  );
}
