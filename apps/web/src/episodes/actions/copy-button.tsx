import { COPIED_CONFIRMATION_MS, episodeMessages } from '@castbase/contracts';
import { Alert, Button, Stack, VisuallyHidden } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useEffect } from 'react';
import { AlertIcon, CheckIcon } from '../../shared/icons/icons.js';

export interface CopyButtonWithStatusProps {
  value: string;
  copyLabel: string;
  /** Copies as soon as it is shown (an action whose click means "copy this"), then works as a button. */
  copyOnMount?: boolean;
}

/** A copy button that says 'Copied!' for two seconds, or 'Failed to copy URL' when the browser refuses. */
export function CopyButtonWithStatus({ value, copyLabel, copyOnMount = false }: CopyButtonWithStatusProps) {
  const clipboard = useClipboard({ timeout: COPIED_CONFIRMATION_MS });
  const { copy } = clipboard;
  useEffect(() => {
    // Once, when shown: a later change of the value is copied by the button.
    if (copyOnMount) copy(value);
  }, []);
  return (
    <Stack gap="xs" align="flex-start">
      <Button
        variant={clipboard.copied ? 'light' : 'filled'}
        color={clipboard.copied ? 'green' : 'blue'}
        leftSection={clipboard.copied ? <CheckIcon size={18} /> : undefined}
        onClick={() => clipboard.copy(value)}
      >
        {clipboard.copied ? episodeMessages.copied : copyLabel}
      </Button>
      <VisuallyHidden role="status" aria-live="polite">
        {clipboard.copied ? episodeMessages.copied : ''}
      </VisuallyHidden>
      {clipboard.error && (
        <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />} py="xs">
          {episodeMessages.copyFailed}
        </Alert>
      )}
    </Stack>
  );
}
