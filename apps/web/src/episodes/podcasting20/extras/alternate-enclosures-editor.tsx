import type { AlternateEnclosure } from '@castbase/contracts';
import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PlusIcon } from '../../../shared/icons/icons.js';
import { formatBytes } from '../../../shared/media-upload/upload-figures.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import { AlternateEnclosureForm } from './alternate-enclosure-form.js';
import { EditorList, EditorListItem, ItemActions, RemovalConfirmation } from './editor-list.js';

const nameOf = (enclosure: AlternateEnclosure) => enclosure.title ?? enclosure.type;

/**
 * Other versions of the episode's media (podcast:alternateEnclosure): another codec or bitrate, a video, a stream,
 * each with one or more places to fetch it from. Apps that understand them let listeners choose.
 */
export function AlternateEnclosuresEditor({
  value,
  onChange,
  readOnly,
}: Podcasting20EditorProps<'alternateEnclosures'>) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const close = () => setEditing(null);

  return (
    <Stack gap="md">
      <EditorList
        label="Alternate enclosures"
        empty={readOnly ? 'No alternate enclosures.' : 'No alternate enclosures yet.'}
      >
        {value.map((enclosure, index) => (
          <EditorListItem
            key={`${index}-${enclosure.sources[0] ?? ''}`}
            actions={
              readOnly ? undefined : (
                <ItemActions
                  name={nameOf(enclosure)}
                  onEdit={() => setEditing(index)}
                  onRemove={() => setRemoving(index)}
                />
              )
            }
          >
            <EnclosureSummary enclosure={enclosure} />
          </EditorListItem>
        ))}
      </EditorList>
      {!readOnly && (
        <Group>
          <Button variant="light" leftSection={<PlusIcon size={18} />} onClick={() => setEditing('new')}>
            Add alternate enclosure
          </Button>
        </Group>
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        centered
        size="lg"
        title={editing === 'new' ? 'Add alternate enclosure' : 'Edit alternate enclosure'}
      >
        {editing !== null && (
          <AlternateEnclosureForm
            key={String(editing)}
            enclosure={typeof editing === 'number' ? (value[editing] ?? null) : null}
            onSave={(enclosure) => {
              onChange(
                editing === 'new'
                  ? [...value, enclosure]
                  : value.map((current, index) => (index === editing ? enclosure : current)),
              );
              close();
            }}
            onCancel={close}
          />
        )}
      </Modal>
      <RemovalConfirmation
        subject={removing === null ? null : nameOf(value[removing] ?? { type: '', sources: [] })}
        message="Apps will no longer offer this version of the episode."
        onConfirm={() => {
          onChange(value.filter((_, index) => index !== removing));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

function EnclosureSummary({ enclosure }: { enclosure: AlternateEnclosure }) {
  const facts = [
    enclosure.bitrate !== undefined && `${enclosure.bitrate / 1000} kbit/s`,
    enclosure.height !== undefined && `${enclosure.height}p`,
    enclosure.length !== undefined && formatBytes(enclosure.length),
    enclosure.lang,
    enclosure.rel && `rel ${enclosure.rel}`,
  ].filter((fact): fact is string => typeof fact === 'string' && fact !== '');
  return (
    <Stack gap={4} miw={0}>
      <Group gap="xs">
        <Text fw={600}>{nameOf(enclosure)}</Text>
        <Badge variant="light" radius="sm" tt="none">
          {enclosure.type}
        </Badge>
      </Group>
      {facts.length > 0 && (
        <Text size="sm" c="dimmed">
          {facts.join(' · ')}
        </Text>
      )}
      {enclosure.sources.map((source) => (
        <Anchor key={source} href={source} target="_blank" rel="noopener noreferrer" size="sm" truncate="end">
          {source}
        </Anchor>
      ))}
    </Stack>
  );
}
