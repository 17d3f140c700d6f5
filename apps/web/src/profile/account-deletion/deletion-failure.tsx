import { Alert, Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon } from '../../shared/icons/icons.js';

interface DeletionFailureProps {
  title?: string;
  /** What went wrong and what remains. */
  children: ReactNode;
  retrying: boolean;
  onRetry: () => void;
  onLogOut: () => void;
  /** Offered only while nothing has been deleted yet. */
  onCancel?: () => void;
}

/** A deletion that failed or left data behind: what happened, with Retry and Log Out. */
export function DeletionFailure({
  title,
  children,
  retrying,
  onRetry,
  onLogOut,
  onCancel,
}: DeletionFailureProps) {
  return (
    <Stack gap="md">
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<AlertIcon size={20} />}
        {...(title ? { title } : {})}
      >
        {children}
      </Alert>
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button variant="default" onClick={onLogOut}>
          Log Out
        </Button>
        <Button color="red" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Group>
    </Stack>
  );
}
