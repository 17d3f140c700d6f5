import {
  formatTimecode,
  newItemId,
  newSoundbiteDraft,
  SOUNDBITE_MAX_SECONDS,
  SOUNDBITE_MIN_SECONDS,
  SOUNDBITE_RECOMMENDED_SECONDS,
  soundbiteDraftOf,
  soundbiteDraftProblems,
  soundbiteFromDraft,
  type Soundbite,
  type SoundbiteDraft,
} from '@castbase/contracts';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SoundbiteFit } from './soundbite-fit.js';

/** What the modal edits: a soundbite of the list, or a new one. */
export type SoundbiteEditing = { soundbite: Soundbite } | { soundbite: null };

interface SoundbiteFormModalProps {
  /** Null keeps the modal closed. */
  editing: SoundbiteEditing | null;
  /** The whole list, the edited soundbite included. */
  soundbites: readonly Soundbite[];
  durationSeconds: number;
  onSave: (soundbite: Soundbite) => void;
  onClose: () => void;
}

/** Add soundbite / Edit soundbite: the form in a modal. */
export function SoundbiteFormModal({ editing, onClose, ...rest }: SoundbiteFormModalProps) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing?.soundbite ? 'Edit soundbite' : 'Add soundbite'}
      centered
    >
      {editing && <SoundbiteForm editing={editing} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function SoundbiteForm({
  editing,
  soundbites,
  durationSeconds,
  onSave,
  onClose,
}: Omit<SoundbiteFormModalProps, 'editing'> & { editing: SoundbiteEditing }) {
  const edited = editing.soundbite;
  const others = soundbites.filter((soundbite) => soundbite.id !== edited?.id);
  const [draft, setDraft] = useState<SoundbiteDraft>(() =>
    edited ? soundbiteDraftOf(edited) : newSoundbiteDraft(soundbites),
  );
  const [submitted, setSubmitted] = useState(false);
  const problems = soundbiteDraftProblems(draft, others, durationSeconds);
  const shown = submitted ? problems : {};
  const typedDuration = /^\d+$/.test(draft.duration.trim()) ? Number(draft.duration) : null;

  const change = (field: keyof SoundbiteDraft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    onSave(soundbiteFromDraft(draft, edited?.id ?? newItemId()));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={edited ? 'Edit soundbite' : 'Add soundbite'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Start time"
            description="MM:SS or HH:MM:SS"
            required
            data-autofocus
            placeholder="00:00"
            value={draft.startTime}
            error={shown.startTime}
            onChange={(event) => change('startTime')(event.currentTarget.value)}
          />
          <TextInput
            label="Duration (seconds)"
            description={`${SOUNDBITE_MIN_SECONDS} to ${SOUNDBITE_MAX_SECONDS}; ${SOUNDBITE_RECOMMENDED_SECONDS.min}–${SOUNDBITE_RECOMMENDED_SECONDS.max} recommended`}
            required
            inputMode="numeric"
            value={draft.duration}
            error={shown.duration}
            onChange={(event) => change('duration')(event.currentTarget.value)}
          />
        </SimpleGrid>
        {typedDuration !== null && typedDuration > 0 && <SoundbiteFit durationSeconds={typedDuration} />}
        {durationSeconds > 0 && (
          <Text size="sm" c="dimmed">
            The episode is {formatTimecode(durationSeconds)} long.
          </Text>
        )}
        <TextInput
          label="Title (optional)"
          description="What is said in it, for apps that show soundbites"
          value={draft.title}
          error={shown.title}
          onChange={(event) => change('title')(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{edited ? 'Save soundbite' : 'Add soundbite'}</Button>
        </Group>
      </Stack>
    </form>
  );
}
