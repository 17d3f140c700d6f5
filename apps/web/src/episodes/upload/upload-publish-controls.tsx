import { episodeMessages, uploadStatusLabels } from '@castbase/contracts';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { EpisodeFormValues } from '../form/episode-form-values.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import { EpisodeStatusField, statusChange } from '../form/episode-settings-panel.js';
import type { UploadProgress } from './upload-progress.js';

interface UploadPublishControlsProps {
  values: EpisodeFormValues;
  onStatusChange: (change: Partial<EpisodeFormValues>) => void;
  progress: UploadProgress | null;
  saving: boolean;
  onSubmit: () => void;
  dashboardPath: string;
  /** The basic tab's 'Continue to Podcasting 2.0'. */
  onContinue?: () => void;
  /** The Podcasting 2.0 tab has its own status selector beside the publish button. */
  withStatus?: boolean;
}

const submitLabels = {
  published: 'Publish Episode',
  scheduled: 'Schedule Episode',
  draft: 'Save Draft',
} as const;

/** The progress bar, what is still missing, and Back to Dashboard, Continue and Publish/Save. */
export function UploadPublishControls({
  values,
  onStatusChange,
  progress,
  saving,
  onSubmit,
  dashboardPath,
  onContinue,
  withStatus = false,
}: UploadPublishControlsProps) {
  const missingId = useId();
  const timeZone = useCreatorTimeZone();
  const missing: string[] = [];
  if (!values.media) missing.push(episodeMessages.uploadMediaRequired);
  if (!values.title.trim()) missing.push(episodeMessages.uploadTitleRequired);

  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        {withStatus && (
          <EpisodeStatusField
            status={values.status}
            labels={uploadStatusLabels}
            readOnly={saving}
            onChange={(status) => onStatusChange(statusChange(values, status, timeZone))}
          />
        )}
        {progress && (
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c={progress.failed ? 'red' : undefined}>
                {progress.step}
              </Text>
              <Text size="sm" fw={600} className="tabular-nums">
                {progress.percent}%
              </Text>
            </Group>
            <Progress
              value={progress.percent}
              color={progress.failed ? 'red' : undefined}
              size="lg"
              radius="xl"
              aria-label="Episode upload progress"
              animated={!progress.settled && progress.percent < 100}
            />
          </Stack>
        )}
        {missing.length > 0 && (
          <Stack gap={2} id={missingId}>
            {missing.map((message) => (
              <Text key={message} size="sm" c="dimmed">
                {message}
              </Text>
            ))}
          </Stack>
        )}
        <Group justify="space-between" gap="sm">
          <Button component={Link} to={dashboardPath} variant="default">
            Back to Dashboard
          </Button>
          <Group gap="sm">
            {onContinue && (
              <Button variant="light" onClick={onContinue}>
                Continue to Podcasting 2.0
              </Button>
            )}
            <Button
              onClick={onSubmit}
              loading={saving}
              disabled={missing.length > 0}
              {...(missing.length > 0 ? { 'aria-describedby': missingId } : {})}
            >
              {submitLabels[values.status]}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
