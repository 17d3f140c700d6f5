import { locationSchema, parseGeo, type Location } from '@castbase/contracts';
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PlusIcon } from '../../../shared/icons/icons.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import { EditorList, EditorListItem, ItemActions, RemovalConfirmation } from './editor-list.js';
import { optionalText, useItemForm } from './item-form.js';
import { ItemFormFrame } from './item-form-frame.js';

const OSM_KINDS = { N: 'node', W: 'way', R: 'relation' } as const;

/** Where a 'lat,lon' point or an OSM object ('R113314') is on openstreetmap.org. */
function mapUrl(location: Location): string | null {
  const point = location.geo ? parseGeo(location.geo) : null;
  if (point) {
    const { latitude, longitude } = point;
    return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=12/${latitude}/${longitude}`;
  }
  const osm = location.osm?.match(/^([NWR])(\d+)/);
  const kind = osm?.[1] as keyof typeof OSM_KINDS | undefined;
  return kind && osm ? `https://www.openstreetmap.org/${OSM_KINDS[kind]}/${osm[2]}` : null;
}

/**
 * What the episode is about or where it was made (podcast:location): a name, and optionally its coordinates and
 * its OpenStreetMap object, so apps can put it on a map.
 */
export function LocationEditor({ value, onChange, readOnly }: Podcasting20EditorProps<'location'>) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const map = value ? mapUrl(value) : null;

  return (
    <Stack gap="md">
      <EditorList label="Location" empty="No location.">
        {value
          ? [
              <EditorListItem
                key="location"
                actions={
                  readOnly ? undefined : (
                    <ItemActions
                      name={value.name}
                      onEdit={() => setEditing(true)}
                      onRemove={() => setRemoving(true)}
                    />
                  )
                }
              >
                <Stack gap={2}>
                  <Text fw={600}>{value.name}</Text>
                  {(value.geo || value.osm) && (
                    <Text size="sm" c="dimmed">
                      {[value.geo && `Coordinates ${value.geo}`, value.osm && `OpenStreetMap ${value.osm}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  )}
                  {map && (
                    <Anchor href={map} target="_blank" rel="noopener noreferrer" size="sm">
                      View on OpenStreetMap
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
            Add location
          </Button>
        </Group>
      )}
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        centered
        title={value ? 'Edit location' : 'Add location'}
      >
        {editing && (
          <LocationForm
            location={value}
            onSave={(location) => {
              onChange(location);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </Modal>
      <RemovalConfirmation
        subject={removing ? (value?.name ?? null) : null}
        message="The episode will no longer have a location."
        onConfirm={() => {
          onChange(null);
          setRemoving(false);
        }}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}

function LocationForm({
  location,
  onSave,
  onCancel,
}: {
  location: Location | null;
  onSave: (location: Location) => void;
  onCancel: () => void;
}) {
  const form = useItemForm(
    { name: location?.name ?? '', geo: location?.geo ?? '', osm: location?.osm ?? '' },
    (draft) =>
      locationSchema.safeParse({
        name: draft.name,
        geo: optionalText(draft.geo),
        osm: optionalText(draft.osm),
      }),
  );
  const { draft, change, error } = form;
  return (
    <ItemFormFrame form={form} onSave={onSave} onCancel={onCancel} submitLabel="Save location">
      <TextInput
        label="Name"
        description="A place people know, e.g. “Lisbon, Portugal”"
        withAsterisk
        data-autofocus
        value={draft.name}
        onChange={(event) => change({ name: event.currentTarget.value })}
        error={error('name')}
      />
      <TextInput
        label="Coordinates"
        description="Optional: latitude,longitude in degrees"
        placeholder="38.7223,-9.1393"
        value={draft.geo}
        onChange={(event) => change({ geo: event.currentTarget.value })}
        error={error('geo')}
      />
      <TextInput
        label="OpenStreetMap ID"
        description="Optional: N, W or R and the number of the node, way or relation"
        placeholder="R5400890"
        value={draft.osm}
        onChange={(event) => change({ osm: event.currentTarget.value })}
        error={error('osm')}
      />
    </ItemFormFrame>
  );
}
