import {
  PERSON_TEMPLATES,
  personSchema,
  personsProblems,
  personTemplateSlots,
  type Person,
  type PersonTemplateId,
} from '@castbase/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useItemForm, type ParseResult } from '../extras/item-form.js';

/**
 * A template's persons, each waiting for its name ('Moderator', 'Panelist 1'…): once every name passes the
 * catalog's rules, they join the episode's persons together.
 */
export function PersonTemplateForm({
  template,
  existing,
  onAdd,
  onCancel,
}: {
  template: PersonTemplateId;
  existing: readonly Person[];
  onAdd: (persons: Person[]) => void;
  onCancel: () => void;
}) {
  const [slots] = useState(() => personTemplateSlots(template));
  const form = useItemForm({ names: slots.map(() => '') }, (draft): ParseResult<Person[]> => {
    const persons = slots.map((slot, index) => ({ ...slot.person, name: (draft.names[index] ?? '').trim() }));
    const issues = persons.flatMap((person, index) => {
      const parsed = personSchema.safeParse(person);
      return parsed.success
        ? []
        : parsed.error.issues.map(({ message }) => ({ path: ['names', index], message }));
    });
    for (const { path, message } of personsProblems([...existing, ...persons])) {
      const index = Number(path[1]) - existing.length;
      if (index >= 0) issues.push({ path: ['names', index], message });
    }
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: persons };
  });

  return (
    <form
      ref={form.container}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const persons = form.submit();
        if (persons) onAdd(persons);
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {PERSON_TEMPLATES[template].description}. Fill in their names; you can add pictures and links after.
        </Text>
        {slots.map((slot, index) => (
          <TextInput
            key={slot.person.id}
            label={`${slot.label} name`}
            description={slot.label === slot.person.role ? undefined : `Credited as ${slot.person.role}`}
            withAsterisk
            data-autofocus={index === 0 ? true : undefined}
            value={form.draft.names[index]}
            onChange={(event) => {
              const names = [...form.draft.names];
              names[index] = event.currentTarget.value;
              form.change({ names });
            }}
            error={form.error(`names.${index}`)}
          />
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Add {slots.length} persons</Button>
        </Group>
      </Stack>
    </form>
  );
}
