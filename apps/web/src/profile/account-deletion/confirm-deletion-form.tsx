import { DELETE_ACCOUNT_CONFIRMATION, deletionMessages, isDeletionConfirmed } from '@castbase/contracts';
import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';

interface ConfirmDeletionProps {
  typed: string;
  onType: (typed: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The typed confirmation: the list of what is deleted, and a button that needs DELETE MY ACCOUNT typed. */
export function ConfirmDeletionForm({ typed, onType, onConfirm, onCancel }: ConfirmDeletionProps) {
  const confirmed = isDeletionConfirmed(typed);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmed) onConfirm();
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          This action cannot be undone. It permanently deletes your account and removes your data from our
          servers:
        </Text>
        <List spacing={4} withPadding>
          {deletionMessages.whatIsDeleted.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
        <TextInput
          label={deletionMessages.confirmationHint}
          placeholder={DELETE_ACCOUNT_CONFIRMATION}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          value={typed}
          onChange={(event) => onType(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="red" disabled={!confirmed}>
            Yes, delete my account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
