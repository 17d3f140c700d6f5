import {
  IMAGE_MIME_TYPES,
  imageMessages,
  UNEXPECTED_ERROR_MESSAGE,
  type MediaFile,
} from '@castbase/contracts';
import { Button, Group, Progress, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { UploadIcon } from '../icons/icons.js';
import classes from './image-dropzone.module.css';
import { useImageUpload } from './use-image-upload.js';

export interface ImageDropzoneValue {
  url: string;
  mediaId: string;
}

export interface ImageDropzoneProps {
  /** The image shown now, or null for an empty drop-zone. */
  value: ImageDropzoneValue | null;
  /** Called with the stored file once an upload completed. */
  onUploaded(file: MediaFile): void;
  /** Called by Remove; while a returned promise runs the button shows a spinner, and its error's message after. */
  onRemove(): void | Promise<void>;
  /** A line such as the recommended dimensions. */
  hint?: ReactNode;
  /** Names the file input and the preview for assistive tech. */
  label?: string;
  disabled?: boolean;
}

const ACCEPT = IMAGE_MIME_TYPES.join(',');

/**
 * The shared file drop-zone for images (spec 1 §2): drag and drop or click, a preview, Remove, the allowed formats and
 * maximum size, and upload progress.
 */
export function ImageDropzone({
  value,
  onUploaded,
  onRemove,
  hint,
  label = 'Image',
  disabled = false,
}: ImageDropzoneProps) {
  const { state, upload, cancel, reset } = useImageUpload();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const describedBy = useId();
  const uploading = state.status === 'uploading';

  async function take(file: File | undefined) {
    if (!file || disabled || uploading) return;
    setRemoveError(null);
    const stored = await upload(file);
    if (stored) onUploaded(stored);
  }

  async function remove() {
    setRemoving(true);
    setRemoveError(null);
    try {
      await onRemove();
      reset();
    } catch (error) {
      setRemoveError(error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR_MESSAGE);
    } finally {
      setRemoving(false);
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  }

  const hints = (
    <Stack gap={2} id={describedBy}>
      <Text size="sm" c="dimmed">
        {imageMessages.accepted}
      </Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );

  return (
    <Stack gap="sm">
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={disabled || uploading}
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          void take(file);
        }}
      />

      {state.status === 'uploading' ? (
        <Group gap="lg" align="center" wrap="nowrap">
          <img src={state.previewUrl} alt="" className={classes.preview} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Text size="sm">{imageMessages.uploading}</Text>
            <Progress
              value={Math.round(state.progress * 100)}
              aria-label={imageMessages.uploading}
              animated
            />
            <Button variant="default" onClick={cancel} w="fit-content">
              Cancel
            </Button>
          </Stack>
        </Group>
      ) : value ? (
        <Group gap="lg" align="center" wrap="nowrap">
          <img src={value.url} alt={label} className={classes.preview} />
          <Stack gap="xs">
            {hints}
            <Button
              variant="default"
              color="red"
              onClick={() => void remove()}
              loading={removing}
              disabled={disabled}
              w="fit-content"
            >
              {imageMessages.remove}
            </Button>
          </Stack>
        </Group>
      ) : (
        <UnstyledButton
          className={classes.zone}
          data-dragging={dragging || undefined}
          data-disabled={disabled || undefined}
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => inputRef.current?.click()}
          onDragEnter={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <ThemeIcon variant="light" size={48} radius="xl">
            <UploadIcon size={24} />
          </ThemeIcon>
          <Text fw={600}>{imageMessages.dropPrompt}</Text>
          {hints}
        </UnstyledButton>
      )}

      {(state.status === 'failed' || removeError) && (
        <Text size="sm" c="red" role="alert">
          {removeError ?? (state.status === 'failed' ? state.message : null)}
        </Text>
      )}
    </Stack>
  );
}
