import { EPISODE_DESCRIPTION_MAX, EPISODE_TAGS_MAX, normalizeTags } from '@castbase/contracts';
import { Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { EpisodeFormErrors, EpisodeFormValues } from './episode-form-values.js';

interface EpisodeDetailsFieldsProps {
  values: EpisodeFormValues;
  errors: EpisodeFormErrors;
  onChange: (change: Partial<EpisodeFormValues>) => void;
  /** The title's limit in this form: 255 on the upload screen, 200 in the editor. */
  titleMax: number;
  readOnly?: boolean;
}

/** Title, description and tags of an episode. */
export function EpisodeDetailsFields({
  values,
  errors,
  onChange,
  titleMax,
  readOnly = false,
}: EpisodeDetailsFieldsProps) {
  return (
    <Stack gap="md">
      <TextInput
        label="Episode title"
        required={!readOnly}
        readOnly={readOnly}
        value={values.title}
        error={errors.title}
        description={readOnly ? undefined : `${values.title.trim().length} / ${titleMax - 1} characters`}
        onChange={(event) => onChange({ title: event.currentTarget.value })}
      />
      <Textarea
        label="Description"
        readOnly={readOnly}
        autosize
        minRows={5}
        maxRows={14}
        value={values.description}
        error={errors.description}
        description={
          readOnly
            ? undefined
            : `Show notes listeners read in their podcast app · ${values.description.trim().length} / ${EPISODE_DESCRIPTION_MAX - 1} characters`
        }
        onChange={(event) => onChange({ description: event.currentTarget.value })}
      />
      <TagsInput
        label="Tags"
        description={
          readOnly ? undefined : `Press Enter or type a comma to add a tag · up to ${EPISODE_TAGS_MAX}`
        }
        readOnly={readOnly}
        value={values.tags}
        maxTags={EPISODE_TAGS_MAX}
        splitChars={[',']}
        acceptValueOnBlur
        onChange={(tags) => onChange({ tags: normalizeTags(tags) })}
      />
    </Stack>
  );
}
