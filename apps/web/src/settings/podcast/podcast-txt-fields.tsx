import { CHANNEL_TXT_MAX } from '@castbase/contracts';
import { ActionIcon, Button, Flex, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { PlusIcon, TrashIcon } from '../../shared/icons/icons.js';
import type { TxtDraft } from './podcast-channel-values.js';
import type { SettingsFieldsProps } from './settings-field-props.js';

const NEW_ENTRY: TxtDraft = { purpose: '', value: '' };

/** Text for machines in the feed (podcast:txt): a directory's verification code ('verify') or any other note. */
export function PodcastTxtFields({ values, change, errors }: SettingsFieldsProps) {
  const { txt } = values;
  const update = (index: number, patch: Partial<TxtDraft>) =>
    change({ txt: txt.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)) });

  return (
    <Stack gap="sm">
      <div>
        <Text fw={500} size="sm">
          Text records
        </Text>
        <Text size="xs" c="dimmed">
          For services that ask you to prove the feed is yours: paste their code with the purpose they give
          (often “verify”). {txt.length}/{CHANNEL_TXT_MAX}
        </Text>
      </div>
      {txt.length === 0 && (
        <Text size="sm" c="dimmed">
          No text records.
        </Text>
      )}
      {txt.map((entry, index) => (
        <Paper key={index} withBorder radius="md" p="sm" role="group" aria-label={`Text record ${index + 1}`}>
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <Flex direction={{ base: 'column', sm: 'row' }} gap="md" style={{ flex: 1 }}>
              <TextInput
                label="Purpose"
                w={{ sm: 200 }}
                placeholder="e.g. verify"
                value={entry.purpose}
                onChange={(event) => update(index, { purpose: event.currentTarget.value })}
                error={errors[`txt.${index}.purpose`]}
              />
              <TextInput
                label="Text"
                withAsterisk
                style={{ flex: 1 }}
                value={entry.value}
                onChange={(event) => update(index, { value: event.currentTarget.value })}
                error={errors[`txt.${index}.value`]}
              />
            </Flex>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove text record ${index + 1}`}
              onClick={() => change({ txt: txt.filter((_, at) => at !== index) })}
            >
              <TrashIcon size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {errors.txt && (
        <Text size="sm" c="red" role="alert">
          {errors.txt}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<PlusIcon size={18} />}
          disabled={txt.length >= CHANNEL_TXT_MAX}
          onClick={() => change({ txt: [...txt, NEW_ENTRY] })}
        >
          Add text record
        </Button>
      </Group>
    </Stack>
  );
}
