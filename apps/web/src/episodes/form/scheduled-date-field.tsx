import { TextInput } from '@mantine/core';
import { instantOf, scheduleFieldsAt, todayIn } from '../actions/schedule-time.js';
import { useCreatorTimeZone } from '../actions/use-creator-time-zone.js';

interface ScheduledDateFieldProps {
  /** ISO date-time, or ''. */
  value: string;
  error?: string | undefined;
  readOnly?: boolean;
  onChange: (value: string) => void;
}

/** When a scheduled episode publishes itself: date and time in the creator's timezone, not before today. */
export function ScheduledDateField({ value, error, readOnly = false, onChange }: ScheduledDateFieldProps) {
  const timeZone = useCreatorTimeZone();
  const shown = value ? scheduleFieldsAt(new Date(value), timeZone) : null;
  return (
    <TextInput
      type="datetime-local"
      label="Publish date"
      description={`In your time zone (${timeZone})`}
      required={!readOnly}
      readOnly={readOnly}
      min={`${todayIn(timeZone)}T00:00`}
      value={shown ? `${shown.date}T${shown.time}` : ''}
      error={error}
      onChange={(event) => {
        const [date = '', time = ''] = event.currentTarget.value.split('T');
        onChange(instantOf(date, time, timeZone)?.toISOString() ?? '');
      }}
    />
  );
}
