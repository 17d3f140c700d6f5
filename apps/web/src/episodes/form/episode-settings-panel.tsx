import {
  episodeStatusSchema,
  episodeTypeSchema,
  type EpisodeStatus,
  type EpisodeType,
} from '@castbase/contracts';
import { Input, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { defaultScheduleFields, instantOf } from '../actions/schedule-time.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';
import type { EpisodeFormErrors, EpisodeFormValues } from './episode-form-values.js';
import { ScheduledDateField } from './scheduled-date-field.js';

const episodeTypeLabels: Record<EpisodeType, string> = { full: 'Full', trailer: 'Trailer', bonus: 'Bonus' };

interface EpisodeSettingsPanelProps {
  values: EpisodeFormValues;
  errors: EpisodeFormErrors;
  onChange: (change: Partial<EpisodeFormValues>) => void;
  /** How each status reads in the selector (the upload screen says 'Publish Now'). */
  statusLabels: Record<EpisodeStatus, string>;
  readOnly?: boolean;
}

/**
 * The settings of spec 2 §2: status (with the publish date only when scheduled, defaulting to tomorrow 09:00),
 * episode type, season, episode number, include in RSS and the Clean/Explicit rating.
 */
export function EpisodeSettingsPanel({
  values,
  errors,
  onChange,
  statusLabels,
  readOnly = false,
}: EpisodeSettingsPanelProps) {
  const timeZone = useCreatorTimeZone();
  return (
    <Stack gap="md">
      <EpisodeStatusField
        status={values.status}
        labels={statusLabels}
        readOnly={readOnly}
        onChange={(status) => onChange(statusChange(values, status, timeZone))}
      />
      {values.status === 'scheduled' && (
        <ScheduledDateField
          value={values.scheduledReleaseDate}
          error={errors.scheduledReleaseDate}
          readOnly={readOnly}
          onChange={(scheduledReleaseDate) => onChange({ scheduledReleaseDate })}
        />
      )}
      <EpisodeNumberingFields values={values} onChange={onChange} readOnly={readOnly} />
      <IncludeInRssSwitch
        checked={values.enableRss}
        readOnly={readOnly}
        onChange={(enableRss) => onChange({ enableRss })}
      />
      <ContentRatingField
        explicit={values.explicit}
        readOnly={readOnly}
        onChange={(explicit) => onChange({ explicit })}
      />
    </Stack>
  );
}

/** A new status; scheduling an episode without a date proposes tomorrow at 09:00 in the creator's timezone. */
export function statusChange(
  values: EpisodeFormValues,
  status: EpisodeStatus,
  timeZone: string,
): Partial<EpisodeFormValues> {
  if (status !== 'scheduled' || values.scheduledReleaseDate) return { status };
  const { date, time } = defaultScheduleFields(timeZone);
  return { status, scheduledReleaseDate: instantOf(date, time, timeZone)?.toISOString() ?? '' };
}

/** Episode type, season and episode number. */
export function EpisodeNumberingFields({
  values,
  onChange,
  readOnly,
}: {
  values: EpisodeFormValues;
  onChange: (change: Partial<EpisodeFormValues>) => void;
  readOnly: boolean;
}) {
  return (
    <>
      <Select
        label="Episode type"
        data={episodeTypeSchema.options.map((value) => ({ value, label: episodeTypeLabels[value] }))}
        value={values.episodeType}
        allowDeselect={false}
        readOnly={readOnly}
        onChange={(value) => value && onChange({ episodeType: episodeTypeSchema.parse(value) })}
      />
      <SimpleGrid cols={2} spacing="sm" style={{ alignItems: 'end' }}>
        <NumberInput
          label="Season"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          readOnly={readOnly}
          value={values.seasonNumber ?? ''}
          onChange={(value) => onChange({ seasonNumber: typeof value === 'number' ? value : null })}
        />
        <NumberInput
          label="Episode number"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          readOnly={readOnly}
          value={values.episodeNumber ?? ''}
          onChange={(value) => onChange({ episodeNumber: typeof value === 'number' ? value : null })}
        />
      </SimpleGrid>
    </>
  );
}

export function IncludeInRssSwitch({
  checked,
  readOnly,
  onChange,
}: {
  checked: boolean;
  readOnly: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      label="Include in RSS feed"
      description="Listed in the podcast's feed once published"
      checked={checked}
      disabled={readOnly}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

export function EpisodeStatusField({
  status,
  labels,
  readOnly,
  onChange,
}: {
  status: EpisodeStatus;
  labels: Record<EpisodeStatus, string>;
  readOnly: boolean;
  onChange: (status: EpisodeStatus) => void;
}) {
  return (
    <Select
      label="Status"
      data={episodeStatusSchema.options.map((value) => ({ value, label: labels[value] }))}
      value={status}
      allowDeselect={false}
      readOnly={readOnly}
      onChange={(value) => value && onChange(episodeStatusSchema.parse(value))}
    />
  );
}

/** Clean or Explicit, as the podcast apps label the content rating. */
export function ContentRatingField({
  explicit,
  readOnly,
  onChange,
}: {
  explicit: boolean;
  readOnly: boolean;
  onChange: (explicit: boolean) => void;
}) {
  return (
    <Input.Wrapper label="Content rating" id="content-rating" labelElement="div">
      <SegmentedControl
        fullWidth
        // Each choice is a 44px touch target, as buttons are (the control's own padding adds the rest).
        styles={{ label: { minHeight: 36, display: 'flex', alignItems: 'center', justifyContent: 'center' } }}
        aria-labelledby="content-rating-label"
        disabled={readOnly}
        value={explicit ? 'explicit' : 'clean'}
        data={[
          { value: 'clean', label: 'Clean' },
          { value: 'explicit', label: 'Explicit' },
        ]}
        onChange={(value) => onChange(value === 'explicit')}
      />
    </Input.Wrapper>
  );
}
