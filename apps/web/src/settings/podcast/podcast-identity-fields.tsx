import { addCoHost, PODCAST_NAME_MAX } from '@castbase/contracts';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ListInput } from '../../onboarding/podcast-wizard/list-input.js';
import type { SettingsFieldsProps } from './settings-field-props.js';

/** Name, slug (the feed's address), host and co-hosts. */
export function PodcastIdentityFields({ values, change, errors }: SettingsFieldsProps) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Podcast name"
          required
          maxLength={PODCAST_NAME_MAX}
          value={values.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={errors.name}
        />
        <TextInput
          label="Slug"
          required
          description="Letters, numbers and hyphens: the end of the feed's address"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          autoComplete="off"
          spellCheck={false}
          value={values.slug}
          onChange={(event) => change({ slug: event.currentTarget.value })}
          error={errors.slug}
        />
      </SimpleGrid>
      <TextInput
        label="Host name"
        required
        autoComplete="name"
        value={values.author}
        onChange={(event) => change({ author: event.currentTarget.value })}
        error={errors.author}
      />
      <ListInput
        label="Co-hosts"
        items={values.coHosts}
        onAdd={(typed) => change({ coHosts: addCoHost(values.coHosts, typed) })}
        onRemove={(name) => change({ coHosts: values.coHosts.filter((item) => item !== name) })}
      />
    </Stack>
  );
}
