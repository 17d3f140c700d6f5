import { Stack, Switch } from '@mantine/core';
import type { SettingsFieldsProps } from './settings-field-props.js';

/** Whether directories list the show (itunes:block and podcast:block) and whether it is finished (itunes:complete). */
export function PodcastDirectoryVisibilityFields({ values, change }: SettingsFieldsProps) {
  return (
    <Stack gap="lg">
      <Switch
        size="md"
        label="Hide from podcast directories"
        description="Apple Podcasts, Podcast Index and other directories stop listing the show. The feed still works for people who already follow it."
        checked={values.feedBlock}
        onChange={(event) => change({ feedBlock: event.currentTarget.checked })}
      />
      <Switch
        size="md"
        label="Podcast complete"
        description="No more episodes will be published. Apps stop checking for new ones."
        checked={values.feedComplete}
        onChange={(event) => change({ feedComplete: event.currentTarget.checked })}
      />
    </Stack>
  );
}
