import {
  newPersonId,
  PERSON_ROLES,
  personSchema,
  personsProblems,
  type Person,
  type PersonRole,
} from '@castbase/contracts';
import { Autocomplete, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ItemFormFrame } from '../extras/item-form-frame.js';
import { nullableText, optionalText, useItemForm, type ParseResult } from '../extras/item-form.js';
import { PersonAvatar } from './person-avatar.js';

interface PersonDraft {
  name: string;
  role: PersonRole | null;
  group: string;
  img: string;
  href: string;
}

/** The picture to preview: only what reads as a web address (not half-typed text, loaded relative to the page). */
const previewable = (img: string): string | null => (/^https?:\/\/./.test(img.trim()) ? img.trim() : null);

/** The groups offered while typing one: those of the episode's other persons, and the panel template's. */
const groupsIn = (others: readonly Person[]): string[] => [
  ...new Set(['Panel', ...others.flatMap((other) => (other.group ? [other.group] : []))]),
];

const draftOf = (person: Person | null): PersonDraft => ({
  name: person?.name ?? '',
  role: person?.role ?? null,
  group: person?.group ?? '',
  img: person?.img ?? '',
  href: person?.href ?? '',
});

/**
 * A person's name, role, group, picture and link, checked with the catalog's own rules: valid fields, and not a
 * second credit of someone already listed in that role.
 */
export function PersonForm({
  person,
  others,
  onSave,
  onCancel,
}: {
  /** The person edited, or null for a new one. */
  person: Person | null;
  /** The episode's other persons. */
  others: readonly Person[];
  onSave: (person: Person) => void;
  onCancel: () => void;
}) {
  const form = useItemForm(draftOf(person), (draft): ParseResult<Person> => {
    const parsed = personSchema.safeParse({
      id: person?.id ?? newPersonId(),
      name: draft.name,
      role: draft.role ?? '',
      group: optionalText(draft.group),
      img: nullableText(draft.img),
      href: nullableText(draft.href),
    });
    if (!parsed.success) return parsed;
    const duplicate = personsProblems([...others, parsed.data]).find(({ path }) => path[1] === others.length);
    return duplicate
      ? { success: false, error: { issues: [{ path: ['name'], message: duplicate.message }] } }
      : parsed;
  });
  const { draft, change, error } = form;

  return (
    <ItemFormFrame
      form={form}
      onSave={onSave}
      onCancel={onCancel}
      submitLabel={person ? 'Save person' : 'Add person'}
      gap="md"
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <PersonAvatar name={draft.name} img={previewable(draft.img)} size="xl" />
        <Stack gap="sm" style={{ flex: 1 }}>
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            value={draft.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
            error={error('name')}
          />
          <Select
            label="Role"
            withAsterisk
            data={PERSON_ROLES}
            value={draft.role}
            allowDeselect={false}
            onChange={(role) => change({ role: PERSON_ROLES.find((known) => known === role) ?? null })}
            error={error('role')}
            comboboxProps={{ withinPortal: true }}
          />
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Autocomplete
          label="Group"
          description='Optional, e.g. "Panel"'
          data={groupsIn(others)}
          value={draft.group}
          onChange={(group) => change({ group })}
          error={error('group')}
        />
        <TextInput
          label="Website or profile"
          description="Where listeners learn more"
          placeholder="https://"
          type="url"
          value={draft.href}
          onChange={(event) => change({ href: event.currentTarget.value })}
          error={error('href')}
        />
      </SimpleGrid>
      <TextInput
        label="Picture URL"
        description="A square photo or avatar (http or https)"
        placeholder="https://"
        type="url"
        value={draft.img}
        onChange={(event) => change({ img: event.currentTarget.value })}
        error={error('img')}
      />
    </ItemFormFrame>
  );
}
