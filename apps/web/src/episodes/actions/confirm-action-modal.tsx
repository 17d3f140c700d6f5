import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AlertIcon } from '../../shared/icons/icons.js';

export interface ConfirmActionModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The label of the button that closes without acting ('Cancel' unless that reads like the action). */
  cancelLabel?: string;
  /** The confirm button's colour: red for what cannot be undone. */
  confirmColor?: string;
  /** While the action runs: the confirm button shows it and the modal cannot be closed. */
  pending?: boolean;
  /** Why the action failed, shown inside the modal so the person can try again or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action (unpublish, cancel a schedule, delete): what will happen, Cancel, and the action itself. */
export function ConfirmActionModal({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmColor = 'blue',
  pending = false,
  error = null,
  onConfirm,
  onClose,
}: ConfirmActionModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnEscape={!pending}
      closeOnClickOutside={!pending}
      withCloseButton={!pending}
    >
      <Stack gap="md">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
