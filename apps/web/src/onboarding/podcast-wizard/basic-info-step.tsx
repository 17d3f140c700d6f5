import {
  addTags,
  CATEGORY_NAMES,
  PODCAST_CATEGORIES,
  PODCAST_DESCRIPTION_MAX,
  subcategoryOptions,
  TAGS_MAX,
  withCategory,
} from '@castbase/contracts';
import { SimpleGrid, Stack, Textarea, TextInput, Select } from '@mantine/core';
import { ListInput } from './list-input.js';
import type { WizardStepProps } from './wizard-form.js';

function isCategory(value: string): value is keyof typeof PODCAST_CATEGORIES {
  return Object.hasOwn(PODCAST_CATEGORIES, value);
}

/** Step 1, Podcast Details: name, description, category and subcategory, tags. */
export function BasicInfoStep({ form, update, errors }: WizardStepProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Podcast name"
        required
        value={form.podcastName}
        onChange={(event) => {
          const podcastName = event.currentTarget.value;
          update((current) => ({ ...current, podcastName }));
        }}
        error={errors.podcastName}
      />
      <Textarea
        label="Description"
        required
        autosize
        minRows={4}
        maxRows={10}
        description={`${form.description.trim().length}/${PODCAST_DESCRIPTION_MAX}`}
        value={form.description}
        onChange={(event) => {
          const description = event.currentTarget.value;
          update((current) => ({ ...current, description }));
        }}
        error={errors.description}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Category"
          required
          searchable
          allowDeselect={false}
          data={CATEGORY_NAMES}
          value={form.category}
          onChange={(category) =>
            category && isCategory(category) && update((current) => withCategory(current, category))
          }
          error={errors.category}
        />
        <Select
          label="Subcategory"
          required
          allowDeselect={false}
          data={subcategoryOptions(form.category)}
          value={form.subcategory}
          onChange={(subcategory) => subcategory && update((current) => ({ ...current, subcategory }))}
          error={errors.subcategory}
        />
      </SimpleGrid>
      <ListInput
        label="Tags"
        placeholder="interviews, technology, startups"
        description={`${form.tags.length}/${TAGS_MAX}`}
        items={form.tags}
        full={form.tags.length >= TAGS_MAX}
        onAdd={(typed) => update((current) => ({ ...current, tags: addTags(current.tags, typed) }))}
        onRemove={(tag) =>
          update((current) => ({ ...current, tags: current.tags.filter((item) => item !== tag) }))
        }
      />
    </Stack>
  );
}
