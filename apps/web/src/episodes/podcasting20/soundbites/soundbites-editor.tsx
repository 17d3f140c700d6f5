import {
  AUTO_SOUNDBITE_SAMPLES,
  autoDetectSoundbites,
  formatTimecode,
  sortSoundbites,
  SOUNDBITES_MAX,
  soundbiteMessages,
  soundbitesProblems,
  type Soundbite,
} from '@castbase/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { PlusIcon, WandIcon } from '../../../shared/icons/icons.js';
import { ConfirmActionModal } from '../../actions/confirm-action-modal.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import { SoundbiteFormModal, type SoundbiteEditing } from './soundbite-form-modal.js';
import { SoundbiteList, soundbiteName, soundbiteTimes } from './soundbite-list.js';

const SAMPLE_STARTS = AUTO_SOUNDBITE_SAMPLES.map((sample) => formatTimecode(sample.startTime));

const count = (n: number) => `${n} soundbite${n === 1 ? '' : 's'}`;

/** The list's broken rules (spec 2 §5), by soundbite id, to show beside each soundbite. */
function problemsBySoundbite(
  soundbites: readonly Soundbite[],
  durationSeconds: number,
): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const { path, message } of soundbitesProblems(soundbites, durationSeconds)) {
    const soundbite = soundbites[path[1] as number];
    if (soundbite) byId.set(soundbite.id, [...(byId.get(soundbite.id) ?? []), message]);
  }
  return byId;
}

/**
 * The Soundbites editor (spec 2 §2): the moments worth sharing, in playing order, with add, edit and delete
 * (confirmed), where each fits on social platforms, and auto-detect. Changes go into the episode form; read-only
 * shows the list only.
 */
export function SoundbitesEditor({
  value,
  onChange,
  readOnly,
  durationSeconds,
}: Podcasting20EditorProps<'soundbites'>) {
  const [editing, setEditing] = useState<SoundbiteEditing | null>(null);
  const [deleting, setDeleting] = useState<Soundbite | null>(null);
  const [notice, setNotice] = useState('');
  const autoDetectHelpId = useId();
  const soundbites = sortSoundbites(value);

  function autoDetect() {
    const found = autoDetectSoundbites(durationSeconds, value);
    if (found.length > 0) onChange(sortSoundbites([...value, ...found]));
    setNotice(
      found.length > 0
        ? `Added ${count(found.length)}: at ${found.map(soundbiteTimes).join(', ')}.`
        : 'No sample to add: each one overlaps a soundbite or runs past the end of the episode.',
    );
  }

  const problems = problemsBySoundbite(value, durationSeconds);
  const full = value.length >= SOUNDBITES_MAX;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Soundbites mark the moments worth sharing. Podcasting 2.0 apps offer them as previews and clips; 15 to
        60 seconds suit most platforms.
      </Text>
      {!readOnly && (
        <Group gap="sm" align="flex-start">
          <Button
            leftSection={<PlusIcon size={18} />}
            disabled={full}
            onClick={() => {
              setNotice('');
              setEditing({ soundbite: null });
            }}
          >
            Add soundbite
          </Button>
          <Stack gap={4} align="flex-start">
            <Button
              variant="default"
              leftSection={<WandIcon size={18} />}
              disabled={durationSeconds === 0 || full}
              aria-describedby={autoDetectHelpId}
              onClick={autoDetect}
            >
              Auto-detect
            </Button>
            <Text id={autoDetectHelpId} size="xs" c="dimmed" maw={320}>
              {full
                ? soundbiteMessages.tooMany
                : durationSeconds > 0
                  ? `Adds the samples at ${SAMPLE_STARTS.slice(0, -1).join(', ')} and ${SAMPLE_STARTS.at(-1)} that fit the episode and overlap nothing`
                  : 'Needs the episode’s audio or video, to know how long it is'}
            </Text>
          </Stack>
        </Group>
      )}
      <Stack gap={4}>
        <Text size="sm" role="status">
          {notice}
        </Text>
        {soundbites.length > 0 ? (
          <SoundbiteList
            soundbites={soundbites}
            problems={problems}
            readOnly={readOnly}
            onEdit={(soundbite) => setEditing({ soundbite })}
            onDelete={setDeleting}
          />
        ) : (
          <Text c="dimmed">{readOnly ? 'No soundbites.' : 'No soundbites yet.'}</Text>
        )}
      </Stack>
      {!readOnly && (
        <SoundbiteFormModal
          editing={editing}
          soundbites={value}
          durationSeconds={durationSeconds}
          onSave={(soundbite) => {
            onChange(sortSoundbites([...value.filter((other) => other.id !== soundbite.id), soundbite]));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmActionModal
        opened={deleting !== null}
        title="Delete soundbite?"
        message={
          deleting
            ? `“${soundbiteName(deleting)}” (${soundbiteTimes(deleting)}) will be removed from the episode’s soundbites.`
            : ''
        }
        confirmLabel="Delete soundbite"
        confirmColor="red"
        onConfirm={() => {
          if (deleting) onChange(value.filter((other) => other.id !== deleting.id));
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
