import { recipientProblems, remainingSplit, valueMessages, type ValueBlock } from '@castbase/contracts';
import {
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { CheckIcon } from '../../../shared/icons/icons.js';
import { useLightningAddressCheck, type AddressCheck } from './lightning-address-check.js';

export type ValueRecipient = ValueBlock['recipients'][number];

interface RecipientFormModalProps {
  /** The recipients of the block as they stand. */
  recipients: readonly ValueRecipient[];
  /** The place of the recipient being edited, or null to add one. */
  editingIndex: number | null;
  onSave: (recipient: ValueRecipient) => void;
  onClose: () => void;
}

const RECIPIENT_TYPES = [
  { value: 'node', label: 'Node' },
  { value: 'keysend', label: 'Keysend' },
];

/** Opened by the editor with a fresh `key` for each add or edit, so its draft starts from the recipient given. */
export function RecipientFormModal({ recipients, editingIndex, onSave, onClose }: RecipientFormModalProps) {
  const editing = editingIndex === null ? undefined : recipients[editingIndex];
  const [draft, setDraft] = useState<ValueRecipient>(
    editing ?? { name: '', type: 'node', address: '', split: remainingSplit(recipients), fee: false },
  );
  const [touched, setTouched] = useState<Partial<Record<'name' | 'address', boolean>>>({});
  // An address already saved with the recipient was checked when it was entered.
  const address = useLightningAddressCheck(editing ? { state: 'valid', note: null } : { state: 'unchecked' });
  const others = recipients.filter((_, index) => index !== editingIndex);
  const problems = recipientProblems(draft, others);
  const problemOf = (field: keyof ValueRecipient) =>
    problems.find((problem) => problem.path[0] === field)?.message;
  const addressError =
    address.check.state === 'invalid'
      ? address.check.message
      : touched.address
        ? problemOf('address')
        : undefined;
  const canSave = problems.length === 0 && address.check.state === 'valid';

  const change = (patch: Partial<ValueRecipient>) => setDraft((current) => ({ ...current, ...patch }));

  return (
    <Modal opened onClose={onClose} title={editing ? 'Edit recipient' : 'Add recipient'} centered size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSave) return;
          onSave(cleanRecipient(draft));
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            description="Who receives this share: the host, a co-host, the producer, an app"
            required
            value={draft.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
            onBlur={() => setTouched((current) => ({ ...current, name: true }))}
            error={touched.name ? problemOf('name') : undefined}
            data-autofocus
          />
          <Select
            label="Recipient type"
            description="Node: paid to a Lightning node or address. Keysend: paid by keysend to a node public key"
            data={RECIPIENT_TYPES}
            value={draft.type}
            allowDeselect={false}
            onChange={(type) => change({ type: type === 'keysend' ? 'keysend' : 'node' })}
          />
          <TextInput
            label="Lightning address"
            description="A node public key (66 hex characters), a Lightning address (name@host) or an LNURL"
            required
            value={draft.address}
            onChange={(event) => {
              change({ address: event.currentTarget.value });
              address.reset();
            }}
            onBlur={(event) => {
              setTouched((current) => ({ ...current, address: true }));
              address.run(event.currentTarget.value);
            }}
            rightSection={<AddressCheckIcon check={address.check} />}
            error={addressError}
            autoComplete="off"
            spellCheck={false}
          />
          <AddressCheckNote check={address.check} />
          <NumberInput
            label="Split"
            description={`Percent of each payment; ${remainingSplit(others)}% is not yet given to a recipient`}
            required
            suffix="%"
            min={0}
            max={100}
            decimalScale={2}
            value={Number.isFinite(draft.split) ? draft.split : ''}
            onChange={(split) => change({ split: typeof split === 'number' ? split : Number.NaN })}
            error={problemOf('split')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Custom key"
              description="Optional keysend record key (e.g. 696969)"
              value={draft.customKey ?? ''}
              onChange={(event) => change({ customKey: event.currentTarget.value })}
            />
            <TextInput
              label="Custom value"
              description="Optional value for that key (e.g. a wallet id)"
              value={draft.customValue ?? ''}
              onChange={(event) => change({ customValue: event.currentTarget.value })}
            />
          </Group>
          <Switch
            label="Fee recipient"
            description="An app's or host's fee rather than a share of the creators"
            checked={draft.fee ?? false}
            onChange={(event) => change({ fee: event.currentTarget.checked })}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave}>
              Save recipient
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function AddressCheckIcon({ check }: { check: AddressCheck }) {
  if (check.state === 'checking') return <Loader size="xs" aria-hidden />;
  if (check.state === 'valid') return <CheckIcon size={16} color="var(--mantine-color-teal-7)" aria-hidden />;
  return null;
}

/** 'Checking…' while the lookup runs, what it found, or why it found nothing. */
function AddressCheckNote({ check }: { check: AddressCheck }) {
  return (
    <div role="status" aria-live="polite">
      {check.state === 'checking' && (
        <Text size="sm" c="dimmed">
          {valueMessages.addressChecking}
        </Text>
      )}
      {check.state === 'valid' && check.note && (
        <Text size="sm" c="teal.8">
          {check.note}
        </Text>
      )}
      {check.state === 'invalid' && check.reason && (
        <Text size="sm" c="dimmed">
          {check.reason}
        </Text>
      )}
    </div>
  );
}

/** Trims the texts and leaves out empty optional ones. */
function cleanRecipient(draft: ValueRecipient): ValueRecipient {
  const customKey = draft.customKey?.trim();
  const customValue = draft.customValue?.trim();
  return {
    name: draft.name.trim(),
    type: draft.type,
    address: draft.address.trim(),
    split: draft.split,
    ...(customKey ? { customKey } : {}),
    ...(customValue ? { customValue } : {}),
    fee: draft.fee ?? false,
  };
}
