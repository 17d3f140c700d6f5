import { addTags, podcastMessages, TAGS_MAX } from '@castbase/contracts';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ListInput } from '../../onboarding/podcast-wizard/list-input.js';
import type { SettingsFieldsProps } from './settings-field-props.js';

/** The optional fields: website, contact and owner details (the owner's are deprecated for Apple), copyright, tags. */
export function PodcastContactFields({ values, change, errors }: SettingsFieldsProps) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Website"
          type="url"
          placeholder="https://example.com"
          autoComplete="url"
          value={values.websiteUrl}
          onChange={(event) => change({ websiteUrl: event.currentTarget.value })}
          error={errors.websiteUrl}
        />
        <TextInput
          label="Contact email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(event) => change({ email: event.currentTarget.value })}
          error={errors.email}
        />
        <TextInput
          label="Owner name"
          description={podcastMessages.deprecatedForApple}
          value={values.ownerName}
          onChange={(event) => change({ ownerName: event.currentTarget.value })}
          error={errors.ownerName}
        />
        <TextInput
          label="Owner email"
          description={podcastMessages.deprecatedForApple}
          type="email"
          value={values.ownerEmail}
          onChange={(event) => change({ ownerEmail: event.currentTarget.value })}
          error={errors.ownerEmail}
        />
      </SimpleGrid>
      <TextInput
        label="Copyright"
        value={values.copyright}
        onChange={(event) => change({ copyright: event.currentTarget.value })}
        error={errors.copyright}
      />
      <ListInput
        label="Tags"
        placeholder="interviews, technology, startups"
        description={`${values.tags.length}/${TAGS_MAX}`}
        items={values.tags}
        full={values.tags.length >= TAGS_MAX}
        onAdd={(typed) => change({ tags: addTags(values.tags, typed) })}
        onRemove={(tag) => change({ tags: values.tags.filter((item) => item !== tag) })}
      />
    </Stack>
  );
}
