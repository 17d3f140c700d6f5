import { ActionIcon, Box, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmActionModal } from '../../actions/confirm-action-modal.js';
import { PencilIcon, TrashIcon } from '../../../shared/icons/icons.js';
import classes from './editor-list.module.css';

/** The items of a list editor (persons, funding links, alternate enclosures), or what it says while empty. */
export function EditorList({
  label,
  empty,
  children,
}: {
  label: string;
  empty: string;
  children: ReactNode[];
}) {
  if (children.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack component="ul" aria-label={label} gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

/** One item: what it holds, and (when editing is allowed) its Edit and Remove buttons. */
export function EditorListItem({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      py="sm"
      className={classes.item}
    >
      <Box miw={0} style={{ flex: 1 }}>
        {children}
      </Box>
      {actions}
    </Group>
  );
}

/** The Edit and Remove buttons of an item, named after it for screen readers ('Edit Ada Lovelace'). */
export function ItemActions({
  name,
  onEdit,
  onRemove,
}: {
  name: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={`Edit ${name}`}
        title="Edit"
        onClick={onEdit}
      >
        <PencilIcon size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Remove ${name}`}
        title="Remove"
        onClick={onRemove}
      >
        <TrashIcon size={18} />
      </ActionIcon>
    </Group>
  );
}

/** Asks before an item leaves the episode; the removal is saved with the episode. */
export function RemovalConfirmation({
  subject,
  message,
  onConfirm,
  onClose,
}: {
  /** What is removed ('Ada Lovelace'), or null while nothing is. */
  subject: string | null;
  message: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmActionModal
      opened={subject !== null}
      title={`Remove ${subject ?? ''}?`}
      message={`${message} The change is kept when you save the episode.`}
      confirmLabel="Remove"
      confirmColor="red"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** A problem of an item as a whole (a duplicate, a missing name), beside it. */
export function ItemProblem({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text size="sm" c="var(--mantine-color-error)">
      {message}
    </Text>
  );
}
