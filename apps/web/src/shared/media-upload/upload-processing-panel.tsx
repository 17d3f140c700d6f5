import { uploadMessages, type MediaFile, type ProcessingJob } from '@castbase/contracts';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { AlertIcon } from '../icons/icons.js';
import classes from './media-upload.module.css';
import type { MediaProcessing } from './use-media-processing.js';

interface UploadProcessingPanelProps {
  fileName: string;
  processing: MediaProcessing;
  /** Names the progress bar ('Album art processing'). */
  label: string;
  /** Gives up on a file whose processing failed, to choose another. */
  onChooseAnother(): void;
}

/**
 * A stored file while the media service processes it: the job's step and progress, or the failed job's reason with
 * Retry (its dead-letter record, run again from the start).
 */
export function UploadProcessingPanel({
  fileName,
  processing,
  label,
  onChooseAnother,
}: UploadProcessingPanelProps) {
  const { file, streamError } = processing;
  const failedJob = file?.status === 'failed' ? file.jobs.find((job) => job.status === 'failed') : undefined;

  if (file?.status === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={uploadMessages.processingFailed}
        icon={<AlertIcon size={20} />}
      >
        <Stack gap="sm">
          <Text size="sm">{failedJob?.error ?? uploadMessages.failed}</Text>
          {processing.retryError && (
            <Text size="sm" c="red">
              {processing.retryError}
            </Text>
          )}
          <Group gap="sm">
            {failedJob && (
              <Button onClick={() => processing.retry(failedJob.id)} loading={processing.retrying}>
                Retry
              </Button>
            )}
            <Button variant="default" onClick={onChooseAnother} disabled={processing.retrying}>
              Choose another file
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const job = mainJob(file);
  const percent = job ? Math.round(job.progress * 100) : 0;
  const status = [uploadMessages.processing, job?.step].filter(Boolean).join(' · ');
  return (
    <Stack gap="sm" className={classes.panel}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} className={classes.fileName}>
          {fileName}
        </Text>
        <Text size="sm" c="dimmed" className={classes.figures}>
          {job ? `${percent}%` : null}
        </Text>
      </Group>
      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label={`${label} processing`}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(job ? { 'aria-valuenow': percent } : {})}
        aria-valuetext={job ? `${percent}%, ${status}` : status}
      >
        <Progress.Section value={job ? Math.max(percent, 2) : 100} withAria={false} color="teal" animated />
      </Progress.Root>
      <Text size="sm">{status}</Text>
      {streamError && (
        <Text size="sm" c="red" role="alert">
          {streamError}
        </Text>
      )}
    </Stack>
  );
}

/** The job that processes the upload itself (not a later video render). */
function mainJob(file: MediaFile | null): ProcessingJob | undefined {
  return file?.jobs.find((job) => job.type.startsWith('process-'));
}
