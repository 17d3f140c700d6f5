import {
  CATEGORY_NAMES,
  defaultSubcategory,
  isCategoryName,
  PODCAST_DESCRIPTION_MAX,
  PODCAST_LANGUAGES,
  splitCategory,
  subcategoryOptions,
} from '@castbase/contracts';
import { Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import type { SettingsFieldsProps } from './settings-field-props.js';

const languageOptions = PODCAST_LANGUAGES.map(({ code, label }) => ({ value: code, label }));

/** What directories list: description, category and subcategory, language. */
export function PodcastDirectoryFields({ values, change, errors }: SettingsFieldsProps) {
  const parent = splitCategory(values.category).category;
  const knownParent = isCategoryName(parent) ? parent : null;
  return (
    <Stack gap="md">
      <Textarea
        label="Description"
        required
        autosize
        minRows={4}
        maxRows={12}
        description={`${values.description.trim().length}/${PODCAST_DESCRIPTION_MAX}`}
        value={values.description}
        onChange={(event) => change({ description: event.currentTarget.value })}
        error={errors.description}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Category"
          required
          searchable
          allowDeselect={false}
          data={CATEGORY_NAMES}
          value={knownParent}
          onChange={(category) =>
            category && isCategoryName(category) && change({ category: defaultSubcategory(category) })
          }
          error={errors.category}
        />
        <Select
          label="Subcategory"
          allowDeselect={false}
          data={knownParent ? subcategoryOptions(knownParent) : []}
          value={knownParent ? values.category : null}
          onChange={(category) => category && change({ category })}
        />
        <Select
          label="Language"
          required
          searchable
          allowDeselect={false}
          data={languageOptions}
          value={values.language || null}
          onChange={(language) => language && change({ language })}
          error={errors.language}
        />
      </SimpleGrid>
    </Stack>
  );
}
