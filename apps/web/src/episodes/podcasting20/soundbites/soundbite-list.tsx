import { formatTimecode, type Soundbite } from '@castbase/contracts';
import { ActionIcon, Group, Paper, Stack, Text } from '@mantine/core';
import { AlertIcon, PencilIcon, TrashIcon } from '../../../shared/icons/icons.js';
import { SoundbiteFit } from './soundbite-fit.js';
import listClasses from '../timed-list.module.css';

interface SoundbiteListProps {
  /** In playing order. */
  soundbites: readonly Soundbite[];
  /** The broken rules of the list, by soundbite id. */
  problems: ReadonlyMap<string, readonly string[]>;
  readOnly: boolean;
  onEdit: (soundbite: Soundbite) => void;
  onDelete: (soundbite: Soundbite) => void;
}

/** '00:30 – 00:45'. */
export function soundbiteTimes(soundbite: Soundbite): string {
  return `${formatTimecode(soundbite.startTime)} – ${formatTimecode(soundbite.startTime + soundbite.duration)}`;
}

/** How a soundbite is named: its title, or where it starts. */
export function soundbiteName(soundbite: Soundbite): string {
  return soundbite.title || `Soundbite at ${formatTimecode(soundbite.startTime)}`;
}

/** The soundbites in playing order: times and length, title, where they fit, and Edit and Delete unless read-only. */
export function SoundbiteList({ soundbites, problems, readOnly, onEdit, onDelete }: SoundbiteListProps) {
  return (
    <Stack component="ol" gap="xs" className={listClasses.list} aria-label="Soundbites">
      {soundbites.map((soundbite) => {
        const name = soundbiteName(soundbite);
        return (
          <Paper
            component="li"
            key={soundbite.id}
            withBorder
            radius="md"
            px="md"
            py="xs"
            className={listClasses.item}
          >
            <Group gap="md" wrap="nowrap" justify="space-between">
              <Stack gap={2} className={listClasses.main}>
                <Group gap="md" wrap="wrap">
                  <Text size="sm" className={listClasses.times}>
                    {soundbiteTimes(soundbite)}
                  </Text>
                  <Text
                    fw={soundbite.title ? 600 : 400}
                    fs={soundbite.title ? undefined : 'italic'}
                    className={listClasses.title}
                  >
                    {name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {soundbite.duration} s
                  </Text>
                </Group>
                <SoundbiteFit durationSeconds={soundbite.duration} />
              </Stack>
              {!readOnly && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size={44}
                    aria-label={`Edit ${name}`}
                    onClick={() => onEdit(soundbite)}
                  >
                    <PencilIcon size={18} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size={44}
                    aria-label={`Delete ${name}`}
                    onClick={() => onDelete(soundbite)}
                  >
                    <TrashIcon size={18} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
            {(problems.get(soundbite.id) ?? []).map((message) => (
              <Group key={message} gap={6} wrap="nowrap" c="red" mt={4}>
                <AlertIcon size={16} />
                <Text size="sm" c="red">
                  {message}
                </Text>
              </Group>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
