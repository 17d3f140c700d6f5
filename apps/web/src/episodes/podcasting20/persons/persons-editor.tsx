import {
  PERSON_TEMPLATE_IDS,
  PERSON_TEMPLATES,
  personSchema,
  personsProblems,
  type Person,
  type PersonTemplateId,
} from '@castbase/contracts';
import { Anchor, Badge, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PlusIcon, UsersIcon } from '../../../shared/icons/icons.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import {
  EditorList,
  EditorListItem,
  ItemActions,
  ItemProblem,
  RemovalConfirmation,
} from '../extras/editor-list.js';
import { PersonAvatar } from './person-avatar.js';
import { PersonForm } from './person-form.js';
import { PersonTemplateForm } from './person-template-form.js';

type Dialog = { kind: 'person'; index: number | null } | { kind: 'template'; template: PersonTemplateId };

/**
 * The episode's credits (spec 2 §2 "Persons/credits"): each person with their picture, name, role, group and link;
 * added one by one or from a template, edited, and removed after a confirmation.
 */
export function PersonsEditor({ value, onChange, readOnly }: Podcasting20EditorProps<'persons'>) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const problems = new Map(personsProblems(value).map(({ path, message }) => [path[1], message]));
  const editedIndex = dialog?.kind === 'person' ? dialog.index : null;
  const close = () => setDialog(null);

  return (
    <Stack gap="md">
      <EditorList label="Persons" empty={readOnly ? 'No one is credited.' : 'No one is credited yet.'}>
        {value.map((person, index) => (
          <EditorListItem
            key={person.id}
            actions={
              readOnly ? undefined : (
                <ItemActions
                  name={person.name || person.role}
                  onEdit={() => setDialog({ kind: 'person', index })}
                  onRemove={() => setRemoving(index)}
                />
              )
            }
          >
            <PersonSummary person={person} problem={problems.get(index) ?? firstProblem(person)} />
          </EditorListItem>
        ))}
      </EditorList>
      {!readOnly && (
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<PlusIcon size={18} />}
            onClick={() => setDialog({ kind: 'person', index: null })}
          >
            Add person
          </Button>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button variant="default" leftSection={<UsersIcon size={18} />}>
                Use a template
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {PERSON_TEMPLATE_IDS.map((template) => (
                <Menu.Item key={template} onClick={() => setDialog({ kind: 'template', template })}>
                  <Text size="sm" fw={600}>
                    {PERSON_TEMPLATES[template].name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {PERSON_TEMPLATES[template].description}
                  </Text>
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      )}
      <Modal
        opened={dialog !== null}
        onClose={close}
        centered
        size="lg"
        title={
          dialog?.kind === 'template'
            ? `${PERSON_TEMPLATES[dialog.template].name} template`
            : editedIndex === null
              ? 'Add person'
              : 'Edit person'
        }
      >
        {dialog?.kind === 'template' && (
          <PersonTemplateForm
            template={dialog.template}
            existing={value}
            onAdd={(persons) => {
              onChange([...value, ...persons]);
              close();
            }}
            onCancel={close}
          />
        )}
        {dialog?.kind === 'person' && (
          <PersonForm
            key={editedIndex ?? 'new'}
            person={editedIndex === null ? null : (value[editedIndex] ?? null)}
            others={value.filter((_, index) => index !== editedIndex)}
            onSave={(person) => {
              onChange(
                editedIndex === null
                  ? [...value, person]
                  : value.map((current, index) => (index === editedIndex ? person : current)),
              );
              close();
            }}
            onCancel={close}
          />
        )}
      </Modal>
      <RemovalConfirmation
        subject={removing === null ? null : (value[removing]?.name ?? null)}
        message="They will no longer be credited on this episode."
        onConfirm={() => {
          onChange(value.filter((_, index) => index !== removing));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

const firstProblem = (person: Person) => personSchema.safeParse(person).error?.issues[0]?.message;

function PersonSummary({ person, problem }: { person: Person; problem: string | undefined }) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <PersonAvatar name={person.name} img={person.img ?? null} />
      <Stack gap={4} miw={0}>
        <Group gap="xs">
          <Text fw={600}>{person.name}</Text>
          <Badge variant="light" radius="sm">
            {person.role}
          </Badge>
          {person.group && (
            <Badge variant="outline" color="gray" radius="sm">
              {person.group}
            </Badge>
          )}
        </Group>
        {person.href && (
          <Anchor href={person.href} target="_blank" rel="noopener noreferrer" size="sm" truncate="end">
            {person.href.replace(/^https?:\/\//, '')}
          </Anchor>
        )}
        <ItemProblem message={problem} />
      </Stack>
    </Group>
  );
}
