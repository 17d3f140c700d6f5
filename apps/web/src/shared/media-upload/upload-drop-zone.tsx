import { acceptAttribute, acceptedFilesHint, dropPrompt, type UploadPurpose } from '@castbase/contracts';
import { Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useId, useRef, useState, type ReactNode } from 'react';
import { UploadIcon } from '../icons/icons.js';

import classes from './media-upload.module.css';

interface UploadDropZoneProps {
  purpose: UploadPurpose;
  /** Names the file input. */
  label: string;
  hint?: ReactNode;
  disabled: boolean;
  onFile(file: File): void;
}

/** Drag and drop or click to choose one file; shows the allowed formats and maximum size (spec 1 §2). */
export function UploadDropZone({ purpose, label, hint, disabled, onFile }: UploadDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const describedBy = useId();

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={acceptAttribute(purpose)}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={disabled}
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
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
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file && !disabled) onFile(file);
        }}
      >
        <ThemeIcon variant="light" size={48} radius="xl">
          <UploadIcon size={24} />
        </ThemeIcon>
        <Text fw={600}>{dropPrompt(purpose)}</Text>
        <Stack gap={2} id={describedBy}>
          <Text size="sm" c="dimmed">
            {acceptedFilesHint(purpose)}
          </Text>
          {hint && (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          )}
        </Stack>
      </UnstyledButton>
    </>
  );
}
