import {
  btcToSats,
  defaultValueBlock,
  totalSplit,
  valueBlockProblems,
  valueMessages,
  type ValueBlock,
} from '@castbase/contracts';
import { Badge, Button, Group, Paper, Progress, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmActionModal } from '../../actions/confirm-action-modal.js';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../shared/icons/icons.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import { RecipientFormModal, type ValueRecipient } from './recipient-form-modal.js';
import { formatBtc, ValueBlockSettings } from './value-block-settings.js';
import { formatSats, ValueFlowExample } from './value-flow.js';
import { ValueHelp } from './value-help.js';

/**
 * The Value4Value editor (spec 2 §2, §5): turning it on creates the default lightning/keysend block (5 sats
 * suggested, no recipients); turning it off asks, then removes the block. Recipients are added and edited in a
 * modal; the running split total, the value-flow example and a help panel follow. Read-only: what is set, no controls.
 */
export function ValueEditor({ value, onChange, readOnly }: Podcasting20EditorProps<'value'>) {
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [editing, setEditing] = useState<{ index: number | null; key: number } | null>(null);
  const [verdictFor, setVerdictFor] = useState<ValueBlock | null>(null);

  if (readOnly) {
    return value ? (
      <Stack gap="md">
        <Text size="sm">
          {value.type} · {value.method} · {formatBtc(value.suggested)} BTC (
          {formatSats(btcToSats(value.suggested))}) suggested
        </Text>
        <RecipientList recipients={value.recipients} />
        <ValueFlowExample value={value} />
      </Stack>
    ) : (
      <Text c="dimmed">No Value4Value block.</Text>
    );
  }

  const setRecipients = (recipients: ValueRecipient[]) => value && onChange({ ...value, recipients });
  const verdict = value && verdictFor === value ? valueBlockProblems(value) : null;

  return (
    <Stack gap="md">
      <Switch
        label="Accept Value4Value payments"
        description="Listeners' apps pay the recipients below in bitcoin over Lightning (podcast:value)"
        checked={value !== null}
        onChange={(event) => {
          if (event.currentTarget.checked) onChange(defaultValueBlock());
          else setConfirmingRemoval(true);
        }}
      />
      {value && (
        <>
          <ValueBlockSettings value={value} onChange={onChange} />
          <RecipientList
            recipients={value.recipients}
            onEdit={(index) => setEditing({ index, key: Date.now() })}
            onRemove={(index) => setRecipients(value.recipients.filter((_, at) => at !== index))}
          />
          <SplitTotal value={value} />
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<PlusIcon size={16} />}
              onClick={() => setEditing({ index: null, key: Date.now() })}
            >
              Add recipient
            </Button>
            <Button variant="default" onClick={() => setVerdictFor(value)}>
              Validate
            </Button>
            {verdict && (
              <Badge
                color={verdict.length === 0 ? 'teal' : 'red'}
                variant="light"
                size="lg"
                radius="sm"
                role="status"
              >
                {verdict.length === 0 ? valueMessages.valid : valueMessages.invalid}
              </Badge>
            )}
          </Group>
          {verdict && verdict.length > 0 && (
            <Stack gap={2} component="ul" m={0} pl="md" aria-label="Why the block is invalid">
              {verdict.map((problem) => (
                <Text component="li" size="sm" c="red.8" key={`${problem.path.join('.')}:${problem.message}`}>
                  {problemLabel(problem.path, value)}
                  {problem.message}
                </Text>
              ))}
            </Stack>
          )}
          <ValueFlowExample value={value} />
        </>
      )}
      <ValueHelp />
      {value && editing && (
        <RecipientFormModal
          key={editing.key}
          recipients={value.recipients}
          editingIndex={editing.index}
          onClose={() => setEditing(null)}
          onSave={(recipient) => {
            const index = editing.index;
            setRecipients(
              index === null
                ? [...value.recipients, recipient]
                : value.recipients.map((current, at) => (at === index ? recipient : current)),
            );
            setEditing(null);
          }}
        />
      )}
      <ConfirmActionModal
        opened={confirmingRemoval}
        title={valueMessages.disableTitle}
        message={valueMessages.disableMessage(value?.recipients.length ?? 0)}
        confirmLabel="Turn off"
        confirmColor="red"
        onConfirm={() => {
          onChange(null);
          setConfirmingRemoval(false);
        }}
        onClose={() => setConfirmingRemoval(false)}
      />
    </Stack>
  );
}

/** 'Recipient 2 (Ada): ' before a recipient's problem. */
function problemLabel(path: Array<string | number>, value: ValueBlock): string {
  const index = path[2];
  if (typeof index !== 'number') return '';
  const name = value.recipients[index]?.name.trim();
  return `Recipient ${index + 1}${name ? ` (${name})` : ''}: `;
}

/** The running total of the splits, with the spec's message while it is not 100. */
function SplitTotal({ value }: { value: ValueBlock }) {
  const total = totalSplit(value.recipients);
  const problem = valueBlockProblems(value).find(
    (found) => found.path.length === 2 && found.path[1] === 'recipients',
  );
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Total split
        </Text>
        <Text size="sm" fw={600} aria-live="polite">
          {total}%
        </Text>
      </Group>
      <Progress.Root>
        <Progress.Section
          value={Math.min(total, 100)}
          color={total > 100 ? 'red' : total === 100 ? 'teal' : 'blue'}
          aria-label={`Total split ${total}%`}
        />
      </Progress.Root>
      {problem && (
        <Text size="sm" c={total > 100 ? 'red.8' : 'dimmed'}>
          {problem.message}
        </Text>
      )}
    </Stack>
  );
}

interface RecipientListProps {
  recipients: readonly ValueRecipient[];
  /** Absent when read-only. */
  onEdit?: (index: number) => void;
  onRemove?: (index: number) => void;
}

function RecipientList({ recipients, onEdit, onRemove }: RecipientListProps) {
  if (recipients.length === 0) {
    return <Text c="dimmed">No recipients yet.</Text>;
  }
  return (
    <Stack gap="xs" component="ul" aria-label="Recipients" p={0} m={0} style={{ listStyle: 'none' }}>
      {recipients.map((recipient, index) => (
        <Paper component="li" key={index} withBorder radius="md" p="sm" aria-label={recipient.name}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Group gap="xs">
                <Text fw={600}>{recipient.name}</Text>
                <Badge variant="light" radius="sm" size="sm">
                  {recipient.type}
                </Badge>
                {recipient.fee && (
                  <Badge variant="light" color="orange" radius="sm" size="sm">
                    Fee
                  </Badge>
                )}
                <Text size="sm">{recipient.split}%</Text>
              </Group>
              <Text size="sm" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {recipient.address}
              </Text>
            </Stack>
            {onEdit && onRemove && (
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<PencilIcon size={14} />}
                  aria-label={`Edit ${recipient.name}`}
                  onClick={() => onEdit(index)}
                >
                  Edit
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<TrashIcon size={14} />}
                  aria-label={`Remove ${recipient.name}`}
                  onClick={() => onRemove(index)}
                >
                  Remove
                </Button>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
