import { acceptedFilesHint, imageMessages, type MediaFile, type UploadPurpose } from '@castbase/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import classes from './media-upload.module.css';
import { formatBitrate, formatBytes, formatDuration } from './upload-figures.js';

interface UploadedImageProps {
  purpose: UploadPurpose;
  url: string;
  /** The processed file, when this screen uploaded it (its figures are shown). */
  file: MediaFile | null;
  label: string;
  hint?: ReactNode;
  /** Remove (or, without it, nothing: the screen keeps the image). */
  remove?: ReactNode;
}

/** An image that is stored: its preview, its figures and the screen's hint, and Remove. */
export function UploadedImage({ purpose, url, file, label, hint, remove }: UploadedImageProps) {
  return (
    <Group gap="lg" align="center" wrap="nowrap">
      <img src={url} alt={label} className={classes.preview} />
      <Stack gap="xs">
        {file && (
          <Text size="sm" className={classes.figures}>
            {[
              file.width && file.height ? `${file.width}×${file.height}` : null,
              file.format.toUpperCase(),
              formatBytes(file.sizeBytes),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {acceptedFilesHint(purpose)}
        </Text>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {remove}
      </Stack>
    </Group>
  );
}

interface UploadedMediaProps {
  file: MediaFile;
  /** The size of the file as it was sent (the media file's own size is the processed file's once it is ready). */
  uploadedBytes: number;
  actions?: ReactNode;
}

/**
 * A processed audio or video file: the duration, size, bitrate and format of the file sent (spec 2, Upload Episode),
 * what listeners get when it was transcoded, and a preview player of the processed file.
 */
export function UploadedMedia({ file, uploadedBytes, actions }: UploadedMediaProps) {
  const preview = `Preview of ${file.fileName}`;
  const details: [string, string][] = [
    ['Duration', formatDuration(file.durationSeconds)],
    ['Size', formatBytes(uploadedBytes)],
    ['Bitrate', file.bitrate ? formatBitrate(file.bitrate) : '—'],
    ['Format', file.format.toUpperCase()],
  ];
  const published = file.outputs.find((output) => output.role === 'published');
  return (
    <Stack gap="sm" className={classes.panel}>
      <Text fw={600} className={classes.fileName}>
        {file.fileName}
      </Text>
      <dl className={classes.details}>
        {details.map(([term, value]) => (
          <div key={term}>
            <Text component="dt" size="sm" c="dimmed">
              {term}
            </Text>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {published && (
        <Text size="sm" c="dimmed" className={classes.figures}>
          {[
            'Published as MP3',
            published.bitrate ? formatBitrate(published.bitrate) : null,
            formatBytes(published.sizeBytes),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      {file.kind === 'video' ? (
        <video controls preload="metadata" src={file.url} className={classes.player} aria-label={preview} />
      ) : (
        <audio controls preload="metadata" src={file.url} className={classes.player} aria-label={preview} />
      )}
      {actions}
    </Stack>
  );
}

/** A stored text file (a transcript): its name, the format found in its bytes and its size. */
export function UploadedText({ file, actions }: { file: MediaFile; actions?: ReactNode }) {
  return (
    <Stack gap="xs" className={classes.panel}>
      <Text fw={600} className={classes.fileName}>
        {file.fileName}
      </Text>
      <Text size="sm" c="dimmed" className={classes.figures}>
        {[file.format.toUpperCase(), formatBytes(file.sizeBytes)].join(' · ')}
      </Text>
      {actions}
    </Stack>
  );
}

/** The button that takes a stored file away, with the failure of its last attempt. */
export function RemoveButton({
  onRemove,
  removing,
  disabled,
}: {
  onRemove(): void;
  removing: boolean;
  disabled: boolean;
}) {
  return (
    <Button variant="default" onClick={onRemove} loading={removing} disabled={disabled} w="fit-content">
      {imageMessages.remove}
    </Button>
  );
}
