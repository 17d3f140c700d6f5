import { COMMON_LICENSES, licenseSchema, type License } from '@castbase/contracts';
import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PlusIcon } from '../../../shared/icons/icons.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import { EditorList, EditorListItem, ItemActions, RemovalConfirmation } from './editor-list.js';
import { nullableText, useItemForm } from './item-form.js';
import { ItemFormFrame } from './item-form-frame.js';

const CUSTOM = 'custom';
const LICENSE_CHOICES = [
  ...COMMON_LICENSES.map(({ identifier, name }) => ({ value: identifier, label: `${name} (${identifier})` })),
  { value: CUSTOM, label: 'Another license…' },
];
const knownLicense = (identifier: string) =>
  COMMON_LICENSES.find((license) => license.identifier === identifier);

/** The episode's license (podcast:license): an SPDX identifier, or another license's name with its URL. */
export function LicenseEditor({ value, onChange, readOnly }: Podcasting20EditorProps<'license'>) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const known = value ? knownLicense(value.identifier) : undefined;

  return (
    <Stack gap="md">
      <EditorList label="License" empty="No license.">
        {value
          ? [
              <EditorListItem
                key="license"
                actions={
                  readOnly ? undefined : (
                    <ItemActions
                      name={`license ${value.identifier}`}
                      onEdit={() => setEditing(true)}
                      onRemove={() => setRemoving(true)}
                    />
                  )
                }
              >
                <Stack gap={2} miw={0}>
                  <Text fw={600}>{value.identifier}</Text>
                  {known && (
                    <Text size="sm" c="dimmed">
                      {known.name}
                    </Text>
                  )}
                  {value.url && (
                    <Anchor
                      href={value.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      truncate="end"
                    >
                      {value.url}
                    </Anchor>
                  )}
                </Stack>
              </EditorListItem>,
            ]
          : []}
      </EditorList>
      {!readOnly && !value && (
        <Group>
          <Button variant="light" leftSection={<PlusIcon size={18} />} onClick={() => setEditing(true)}>
            Add license
          </Button>
        </Group>
      )}
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        centered
        size="lg"
        title={value ? 'Edit license' : 'Add license'}
      >
        {editing && (
          <LicenseForm
            license={value}
            onSave={(license) => {
              onChange(license);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </Modal>
      <RemovalConfirmation
        subject={removing ? `license ${value?.identifier ?? ''}` : null}
        message="The episode will no longer state a license."
        onConfirm={() => {
          onChange(null);
          setRemoving(false);
        }}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}

interface LicenseDraft {
  /** A common license's identifier, CUSTOM, or null before one is chosen. */
  choice: string | null;
  customIdentifier: string;
  url: string;
}

function LicenseForm({
  license,
  onSave,
  onCancel,
}: {
  license: License | null;
  onSave: (license: License) => void;
  onCancel: () => void;
}) {
  const custom = license !== null && !knownLicense(license.identifier);
  const initial: LicenseDraft = {
    choice: license ? (custom ? CUSTOM : license.identifier) : null,
    customIdentifier: custom ? license.identifier : '',
    url: license?.url ?? '',
  };
  const form = useItemForm(initial, (draft) =>
    licenseSchema.safeParse({
      identifier: draft.choice === CUSTOM ? draft.customIdentifier : (draft.choice ?? ''),
      url: nullableText(draft.url),
    }),
  );
  const { draft, change, error } = form;
  return (
    <ItemFormFrame form={form} onSave={onSave} onCancel={onCancel} submitLabel="Save license">
      <Select
        label="License"
        withAsterisk
        placeholder="Choose a license"
        data={LICENSE_CHOICES}
        value={draft.choice}
        allowDeselect={false}
        onChange={(choice) =>
          change({
            choice,
            customIdentifier: '',
            url: choice === CUSTOM || choice === null ? '' : (knownLicense(choice)?.url ?? ''),
          })
        }
        error={draft.choice === CUSTOM ? undefined : error('identifier')}
      />
      {draft.choice === CUSTOM && (
        <TextInput
          label="License identifier"
          description="An SPDX identifier such as MIT, or your license's name"
          withAsterisk
          data-autofocus
          value={draft.customIdentifier}
          onChange={(event) => change({ customIdentifier: event.currentTarget.value })}
          error={error('identifier')}
        />
      )}
      <TextInput
        label="License URL"
        description={
          draft.choice === CUSTOM
            ? 'Needed when the name is not an SPDX identifier'
            : 'Where the license is written'
        }
        placeholder="https://"
        type="url"
        value={draft.url}
        onChange={(event) => change({ url: event.currentTarget.value })}
        error={error('url')}
      />
    </ItemFormFrame>
  );
}
