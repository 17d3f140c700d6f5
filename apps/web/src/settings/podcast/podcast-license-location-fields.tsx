import { COMMON_LICENSES } from '@castbase/contracts';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { SettingsFieldsProps } from './settings-field-props.js';

const NONE = 'none';
const CUSTOM = 'custom';
const LICENSE_CHOICES = [
  { value: NONE, label: 'No license stated' },
  ...COMMON_LICENSES.map(({ identifier, name }) => ({ value: identifier, label: `${name} (${identifier})` })),
  { value: CUSTOM, label: 'Another license…' },
];
const knownLicense = (identifier: string) =>
  COMMON_LICENSES.find((license) => license.identifier === identifier);

/** The show's license (podcast:license) and where it is made or what place it is about (podcast:location). */
export function PodcastLicenseLocationFields({ values, change, errors }: SettingsFieldsProps) {
  const { license, location } = values;
  const choice = license === null ? NONE : knownLicense(license.identifier) ? license.identifier : CUSTOM;

  function chooseLicense(value: string | null) {
    if (!value || value === NONE) return change({ license: null });
    if (value === CUSTOM) return change({ license: { identifier: '', url: '' } });
    change({ license: { identifier: value, url: knownLicense(value)?.url ?? '' } });
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="License"
          description="The terms others may reuse the episodes under"
          data={LICENSE_CHOICES}
          value={choice}
          allowDeselect={false}
          onChange={chooseLicense}
          error={choice === CUSTOM ? undefined : errors['license.identifier']}
        />
        {license && (
          <TextInput
            label="License URL"
            description={
              choice === CUSTOM
                ? 'Needed when the name is not an SPDX identifier'
                : 'Where the license is written'
            }
            placeholder="https://"
            type="url"
            value={license.url}
            onChange={(event) => change({ license: { ...license, url: event.currentTarget.value } })}
            error={errors['license.url']}
          />
        )}
      </SimpleGrid>
      {license && choice === CUSTOM && (
        <TextInput
          label="License identifier"
          description="An SPDX identifier such as MIT, or your license's name"
          withAsterisk
          value={license.identifier}
          onChange={(event) => change({ license: { ...license, identifier: event.currentTarget.value } })}
          error={errors['license.identifier']}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Location"
          description="Where it is made, or its subject"
          placeholder="Lisbon, Portugal"
          value={location.name}
          onChange={(event) => change({ location: { ...location, name: event.currentTarget.value } })}
          error={errors['location.name']}
        />
        <TextInput
          label="Coordinates"
          description="Latitude,longitude"
          placeholder="38.7223,-9.1393"
          value={location.geo}
          onChange={(event) => change({ location: { ...location, geo: event.currentTarget.value } })}
          error={errors['location.geo']}
        />
        <TextInput
          label="OpenStreetMap ID"
          description="N, W or R and digits"
          placeholder="R113314"
          value={location.osm}
          onChange={(event) => change({ location: { ...location, osm: event.currentTarget.value } })}
          error={errors['location.osm']}
        />
      </SimpleGrid>
    </Stack>
  );
}
