import { PODROLL_MAX } from '@castbase/contracts';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PlusIcon, TrashIcon } from '../../shared/icons/icons.js';
import type { PodrollDraft } from './podcast-channel-values.js';
import type { SettingsFieldsProps } from './settings-field-props.js';

const NEW_ITEM: PodrollDraft = { feedGuid: '', feedUrl: '', title: '' };

/** Podcasts the creator recommends (podcast:podroll): each by its podcast:guid, with its feed URL and title. */
export function PodcastPodrollFields({ values, change, errors }: SettingsFieldsProps) {
  const { podroll } = values;
  const update = (index: number, patch: Partial<PodrollDraft>) =>
    change({ podroll: podroll.map((item, at) => (at === index ? { ...item, ...patch } : item)) });

  return (
    <Stack gap="sm">
      <div>
        <Text fw={500} size="sm">
          Recommended podcasts
        </Text>
        <Text size="xs" c="dimmed">
          Apps that read the podroll suggest these shows to your listeners. {podroll.length}/{PODROLL_MAX}
        </Text>
      </div>
      {podroll.length === 0 && (
        <Text size="sm" c="dimmed">
          No recommendations yet.
        </Text>
      )}
      {podroll.map((item, index) => (
        <Paper
          key={index}
          withBorder
          radius="md"
          p="sm"
          role="group"
          aria-label={`Recommended podcast ${index + 1}`}
        >
          <Group align="flex-start" wrap="nowrap" gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ flex: 1 }}>
              <TextInput
                label="Podcast title"
                placeholder="Podcasting 2.0"
                value={item.title}
                onChange={(event) => update(index, { title: event.currentTarget.value })}
                error={errors[`podroll.${index}.title`]}
              />
              <TextInput
                label="podcast:guid"
                withAsterisk
                placeholder="917393e3-1b1e-5cef-ace4-edaa54e1f810"
                value={item.feedGuid}
                onChange={(event) => update(index, { feedGuid: event.currentTarget.value })}
                error={errors[`podroll.${index}.feedGuid`]}
              />
              <TextInput
                label="Feed URL"
                type="url"
                placeholder="https://"
                value={item.feedUrl}
                onChange={(event) => update(index, { feedUrl: event.currentTarget.value })}
                error={errors[`podroll.${index}.feedUrl`]}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={`Remove recommended podcast ${index + 1}`}
              onClick={() => change({ podroll: podroll.filter((_, at) => at !== index) })}
            >
              <TrashIcon size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {errors.podroll && (
        <Text size="sm" c="red" role="alert">
          {errors.podroll}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<PlusIcon size={18} />}
          disabled={podroll.length >= PODROLL_MAX}
          onClick={() => change({ podroll: [...podroll, NEW_ITEM] })}
        >
          Add recommended podcast
        </Button>
      </Group>
    </Stack>
  );
}
