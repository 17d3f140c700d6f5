import { episodeMessages, type Episode } from '@castbase/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AlertIcon } from '../../shared/icons/icons.js';
import { defaultScheduleFields, instantOf, scheduleFieldsAt, todayIn } from './schedule-time.js';
import { useCreatorTimeZone } from './use-creator-time-zone.js';

export interface ScheduleEpisodeModalProps {
  /** The episode to schedule; null keeps the modal closed. */
  episode: Pick<Episode, 'title' | 'status' | 'scheduledReleaseDate' | 'media'> | null;
  /** Which action is running, if any. */
  pending?: 'schedule' | 'publish' | null;
  /** Why scheduling or publishing failed, shown inside the modal. */
  error?: string | null;
  /** Called with the chosen moment as an ISO date-time. */
  onSchedule: (scheduledReleaseDate: string) => void;
  onPublishNow: () => void;
  onClose: () => void;
}

/** The schedule form: a date and a time in the creator's timezone (tomorrow 09:00 by default), or Publish Now. */
export function ScheduleEpisodeModal({
  episode,
  onClose,
  pending = null,
  ...rest
}: ScheduleEpisodeModalProps) {
  return (
    <Modal
      opened={episode !== null}
      onClose={onClose}
      title="Schedule Episode"
      centered
      closeOnEscape={pending === null}
      closeOnClickOutside={pending === null}
      withCloseButton={pending === null}
    >
      {episode && <ScheduleForm episode={episode} pending={pending} onClose={onClose} {...rest} />}
    </Modal>
  );
}

type ScheduleFormProps = Omit<ScheduleEpisodeModalProps, 'episode' | 'pending'> & {
  episode: NonNullable<ScheduleEpisodeModalProps['episode']>;
  pending: 'schedule' | 'publish' | null;
};

function ScheduleForm({ episode, pending, error, onSchedule, onPublishNow, onClose }: ScheduleFormProps) {
  const timeZone = useCreatorTimeZone();
  const [fields, setFields] = useState(() => initialFields(episode, timeZone));
  const [problem, setProblem] = useState<string | null>(null);
  const hasMedia = episode.media !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const instant = instantOf(fields.date, fields.time, timeZone);
    if (!instant) return setProblem(episodeMessages.publishDateRequired);
    if (instant.getTime() <= Date.now()) return setProblem(episodeMessages.scheduledInPast);
    setProblem(null);
    onSchedule(instant.toISOString());
  }

  const change = (key: 'date' | 'time') => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setProblem(null);
  };
  const busy = pending !== null;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          Choose when <strong>{episode.title}</strong> is published. It goes out on its own at that moment.
        </Text>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Date"
            required
            min={todayIn(timeZone)}
            value={fields.date}
            onChange={(event) => change('date')(event.currentTarget.value)}
            error={problem}
            data-autofocus
          />
          <TextInput
            type="time"
            label="Time"
            required
            value={fields.time}
            onChange={(event) => change('time')(event.currentTarget.value)}
            error={problem ? true : undefined}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Times are in your timezone, {timeZone}.
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={20} />}>
            {error}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Button
            variant="light"
            color="green"
            onClick={onPublishNow}
            loading={pending === 'publish'}
            disabled={!hasMedia || pending === 'schedule'}
            title={hasMedia ? undefined : episodeMessages.mediaRequiredToPublish}
          >
            Publish Now
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={pending === 'schedule'} disabled={pending === 'publish'}>
              Schedule
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** An episode already scheduled in the future keeps its moment; otherwise tomorrow 09:00. */
function initialFields(
  episode: ScheduleFormProps['episode'],
  timeZone: string,
): { date: string; time: string } {
  const scheduled = episode.scheduledReleaseDate ? new Date(episode.scheduledReleaseDate) : null;
  if (episode.status === 'scheduled' && scheduled && scheduled.getTime() > Date.now()) {
    return scheduleFieldsAt(scheduled, timeZone);
  }
  return defaultScheduleFields(timeZone);
}
