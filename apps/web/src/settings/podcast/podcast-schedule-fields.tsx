import { UPDATE_FREQUENCY_PRESETS } from '@castbase/contracts';
import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SettingsFieldsProps } from './settings-field-props.js';

const NONE = 'none';
const CUSTOM = 'custom';
const SCHEDULE_CHOICES = [
  { value: NONE, label: 'No schedule stated' },
  ...UPDATE_FREQUENCY_PRESETS.map(({ key, label }) => ({ value: key, label })),
  { value: CUSTOM, label: 'Custom…' },
];

/** How often episodes come (podcast:updateFrequency): a ready-made schedule or one's own words and repeat rule. */
export function PodcastScheduleFields({ values, change, errors }: SettingsFieldsProps) {
  const schedule = values.updateFrequency;
  /** Chosen from the list: the fields are the creator's own even while they still match a ready-made schedule. */
  const [customChosen, setCustomChosen] = useState(false);
  const preset = UPDATE_FREQUENCY_PRESETS.find(
    ({ text, rrule }) => text === schedule.text && rrule === schedule.rrule,
  );
  const empty = schedule.text === '' && schedule.rrule === '' && !schedule.complete;
  const choice = customChosen ? CUSTOM : preset ? preset.key : empty ? NONE : CUSTOM;

  function choose(value: string | null) {
    setCustomChosen(value === CUSTOM);
    if (!value || value === NONE)
      return change({ updateFrequency: { text: '', rrule: '', complete: false } });
    const chosen = UPDATE_FREQUENCY_PRESETS.find(({ key }) => key === value);
    if (chosen) change({ updateFrequency: { ...schedule, text: chosen.text, rrule: chosen.rrule } });
  }

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Release schedule"
          description="When new episodes come"
          data={SCHEDULE_CHOICES}
          value={choice}
          allowDeselect={false}
          onChange={choose}
        />
        <TextInput
          label="Schedule in words"
          description="As listeners read it"
          placeholder="Every Monday"
          value={schedule.text}
          onChange={(event) => change({ updateFrequency: { ...schedule, text: event.currentTarget.value } })}
          error={errors['updateFrequency.text']}
        />
        <TextInput
          label="Repeat rule (RRULE)"
          description="For apps, in iCalendar form"
          placeholder="FREQ=WEEKLY;BYDAY=MO"
          value={schedule.rrule}
          onChange={(event) =>
            change({ updateFrequency: { ...schedule, rrule: event.currentTarget.value.toUpperCase() } })
          }
          error={errors['updateFrequency.rrule']}
        />
      </SimpleGrid>
      <Checkbox
        label="This schedule is complete: no further episodes are planned"
        checked={schedule.complete}
        onChange={(event) =>
          change({ updateFrequency: { ...schedule, complete: event.currentTarget.checked } })
        }
      />
    </Stack>
  );
}
