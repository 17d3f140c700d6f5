import { imageMessages, uploadMessages } from '@castbase/contracts';
import { Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { AlertIcon, UploadIcon } from '../icons/icons.js';
import classes from './media-upload.module.css';
import { formatBytes, formatSpeed, formatTimeLeft, percentOf } from './upload-figures.js';
import type { ChosenFile, TransferState } from './use-resumable-upload.js';

type Transfer = Extract<TransferState, { phase: 'sending' | 'paused' | 'failed' }>;

interface UploadTransferPanelProps {
  transfer: Transfer;
  /** Names the progress bar ('Album art upload'). */
  label: string;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
}

/** A file being sent: a labelled progress bar with percent, speed and time left, and Pause/Resume and Cancel. */
export function UploadTransferPanel({
  transfer,
  label,
  onPause,
  onResume,
  onCancel,
}: UploadTransferPanelProps) {
  const { file, sent } = transfer;
  const percent = sent === null ? 0 : percentOf(sent, file.size);
  const figures = sent === null ? imageMessages.uploading : describeSent(transfer, sent, percent);

  return (
    <Stack gap="sm" className={classes.panel}>
      <Group gap="md" wrap="nowrap" align="center">
        <FileThumb file={file} failed={transfer.phase === 'failed'} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} className={classes.fileName}>
            {file.name}
          </Text>
          <Text size="sm" c="dimmed">
            {transfer.phase === 'paused'
              ? `${uploadMessages.paused} · ${formatBytes(file.size)}`
              : formatBytes(file.size)}
          </Text>
        </Stack>
      </Group>

      <Progress.Root
        size="lg"
        role="progressbar"
        aria-label={`${label} upload`}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(sent === null ? {} : { 'aria-valuenow': percent })}
        aria-valuetext={figures}
      >
        <Progress.Section
          value={percent}
          withAria={false}
          color={transfer.phase === 'failed' ? 'red' : undefined}
          animated={transfer.phase === 'sending'}
        />
      </Progress.Root>
      <Text size="sm" className={classes.figures}>
        {figures}
      </Text>

      {transfer.phase === 'failed' && (
        <Group gap="xs" wrap="nowrap" c="red" role="alert">
          <AlertIcon size={18} />
          <Text size="sm" c="red">
            {transfer.message}
          </Text>
        </Group>
      )}

      <Group gap="sm">
        {transfer.phase === 'sending' ? (
          <Button variant="default" onClick={onPause}>
            Pause
          </Button>
        ) : (
          <Button onClick={onResume}>{transfer.phase === 'failed' ? 'Retry' : 'Resume'}</Button>
        )}
        <Button variant="subtle" color="red" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function describeSent(transfer: Transfer, sent: number, percent: number): string {
  const parts = [`${percent}%`, `${formatBytes(sent)} of ${formatBytes(transfer.file.size)}`];
  if (transfer.phase === 'sending' && transfer.bytesPerSecond) {
    parts.push(formatSpeed(transfer.bytesPerSecond));
    parts.push(`${formatTimeLeft((transfer.file.size - sent) / transfer.bytesPerSecond)} left`);
  }
  return parts.join(' · ');
}

function FileThumb({ file, failed }: { file: ChosenFile; failed: boolean }) {
  if (file.previewUrl) return <img src={file.previewUrl} alt="" className={classes.thumb} />;
  return (
    <ThemeIcon variant="light" color={failed ? 'red' : undefined} size={56} radius="md">
      <UploadIcon size={26} />
    </ThemeIcon>
  );
}
