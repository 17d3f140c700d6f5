import { contributorMessages, type Contributor } from '@castbase/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

interface RemovalConfirmationProps {
  contributor: Contributor;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Remove … from this podcast?' inside the contributors dialog; focus moves to it, so it is read at once. */
export function RemovalConfirmation({
  contributor,
  removing,
  onCancel,
  onConfirm,
}: RemovalConfirmationProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), [contributor.id]);
  return (
    <Alert
      color="red"
      variant="light"
      title="Remove contributor?"
      role="alertdialog"
      aria-label="Remove contributor?"
    >
      <Stack gap="sm">
        <Text size="sm">{contributorMessages.removeConfirm(contributor.email)}</Text>
        <Group gap="sm">
          <Button ref={cancel} variant="default" onClick={onCancel} disabled={removing}>
            Cancel
          </Button>
          <Button color="red" loading={removing} onClick={onConfirm}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
