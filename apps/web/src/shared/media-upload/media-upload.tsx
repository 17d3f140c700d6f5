import { imageMessages, UNEXPECTED_ERROR_MESSAGE, uploadMessages, type MediaFile } from '@castbase/contracts';
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useApiClient } from '../api/use-api-client.js';
import { useAuth } from '../auth/auth-context.js';
import { AlertIcon } from '../icons/icons.js';
import { InterruptedUploadNotice } from './interrupted-upload-notice.js';
import { deleteMedia } from './media-api.js';
import { fingerprintPrefix, type UploadTarget } from './resumable-upload.js';
import { UploadDropZone } from './upload-drop-zone.js';
import { UploadProcessingPanel } from './upload-processing-panel.js';
import { UploadTransferPanel } from './upload-transfer-panel.js';
import { RemoveButton, UploadedImage, UploadedMedia, UploadedText } from './uploaded-media.js';
import { useMediaProcessing } from './use-media-processing.js';
import { useResumableUpload, type TransferState } from './use-resumable-upload.js';

export interface MediaUploadProps extends UploadTarget {
  /** Names the file input, the preview and the progress bars ('Avatar', 'Album art'). */
  label: string;
  /** A line under the allowed formats, such as the recommended dimensions. */
  hint?: ReactNode;
  /** The image the screen holds now (an avatar, album art): shown with Remove instead of the drop-zone. */
  value?: { url: string } | null;
  /** Called once the uploaded file is processed and ready, with its processed URL. */
  onReady(file: MediaFile): void;
  /** Remove: while a returned promise runs the button shows a spinner, and its error's message after. */
  onRemove?: () => void | Promise<void>;
  disabled?: boolean;
  /** Told of every change of the upload and its processing (a screen's own progress bar follows them). */
  onStateChange?: (state: TransferState, processed: MediaFile | null) => void;
}

/**
 * The one upload component: drop-zone and picker for a purpose, the spec's type and size messages before a byte is
 * sent, a resumable tus upload with progress, speed, time left, Pause/Resume and Cancel, then the file's processing
 * (with a failed job's reason and Retry) and the result: the image, or an audio file's details and a preview player.
 */
export function MediaUpload({
  purpose,
  podcastId,
  normalize,
  episodeId,
  label,
  hint,
  value = null,
  onReady,
  onRemove,
  disabled = false,
  onStateChange,
}: MediaUploadProps) {
  const { user } = useAuth();
  const api = useApiClient();
  const transfer = useResumableUpload({ purpose, podcastId, normalize, episodeId });
  const { state } = transfer;
  const processing = useMediaProcessing(state.phase === 'stored' ? state.stored : null);
  const processed = processing.file?.status === 'ready' ? processing.file : null;
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const reportState = useEffectEvent((file: MediaFile | null) => onStateChange?.(state, file));
  useEffect(() => reportState(processing.file), [state, processing.file]);

  const reported = useRef<string | null>(null);
  const reportReady = useEffectEvent((file: MediaFile) => onReady(file));
  useEffect(() => {
    if (!processed || reported.current === processed.id) return;
    reported.current = processed.id;
    reportReady(processed);
  }, [processed]);

  async function remove() {
    if (!onRemove) return;
    setRemoving(true);
    setRemoveError(null);
    try {
      await onRemove();
      transfer.reset();
    } catch (error) {
      setRemoveError(error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR_MESSAGE);
    } finally {
      setRemoving(false);
    }
  }

  /** A file whose processing failed is not kept: it would only count against the plan's storage. */
  async function discard(mediaId: string) {
    transfer.reset();
    try {
      await deleteMedia(api, mediaId);
    } catch (error) {
      console.warn('A file whose processing failed could not be deleted', error);
    }
  }

  const removeButton = onRemove ? (
    <RemoveButton onRemove={() => void remove()} removing={removing} disabled={disabled} />
  ) : undefined;
  const choosing = state.phase === 'idle' || state.phase === 'refused';

  function content(): ReactNode {
    if (value && (choosing || processed)) {
      return (
        <UploadedImage
          purpose={purpose}
          url={value.url}
          file={processed}
          label={label}
          hint={hint}
          remove={removeButton}
        />
      );
    }
    switch (state.phase) {
      case 'idle':
      case 'refused':
        return (
          <>
            {user && (
              <InterruptedUploadNotice
                fingerprintPrefix={fingerprintPrefix(user.id, { purpose, podcastId, episodeId })}
              />
            )}
            <UploadDropZone
              purpose={purpose}
              label={label}
              hint={hint}
              disabled={disabled}
              onFile={(file) => void transfer.choose(file)}
            />
          </>
        );
      case 'sending':
      case 'paused':
      case 'failed':
        return (
          <UploadTransferPanel
            transfer={state}
            label={label}
            onPause={() => void transfer.pause()}
            onResume={transfer.resume}
            onCancel={() => void transfer.cancel()}
          />
        );
      case 'stored':
        if (!processed) {
          return (
            <UploadProcessingPanel
              fileName={state.file.name}
              processing={processing}
              label={label}
              onChooseAnother={() => void discard(state.stored.mediaId)}
            />
          );
        }
        switch (processed.kind) {
          case 'image':
            return (
              <UploadedImage
                purpose={purpose}
                url={processed.url}
                file={processed}
                label={label}
                hint={hint}
                remove={removeButton}
              />
            );
          case 'text':
            return <UploadedText file={processed} actions={removeButton} />;
          case 'audio':
          case 'video':
            return <UploadedMedia file={processed} uploadedBytes={state.file.size} actions={removeButton} />;
        }
    }
  }

  const failure = state.phase === 'refused' ? state.message : removeError;
  return (
    <Stack gap="sm">
      {content()}
      {failure && (
        <Group gap="xs" wrap="nowrap" c="red" role="alert">
          <AlertIcon size={18} />
          <Text size="sm" c="red">
            {failure}
          </Text>
        </Group>
      )}
      <VisuallyHidden role="status">{announcementOf(state, processing.file)}</VisuallyHidden>
    </Stack>
  );
}

/** What the live region says as the upload moves on; failures are alerts of their own. */
function announcementOf(state: TransferState, file: MediaFile | null): string {
  switch (state.phase) {
    case 'idle':
    case 'refused':
    case 'failed':
      return '';
    case 'sending':
      return state.resumed ? uploadMessages.resumed : imageMessages.uploading;
    case 'paused':
      return uploadMessages.paused;
    case 'stored':
      if (file?.status === 'ready') return `${state.file.name} is ready`;
      return file?.status === 'failed' ? '' : uploadMessages.processing;
  }
}
