import {
  TRANSCRIPT_REL_LABELS,
  TRANSCRIPT_TYPE_LABELS,
  transcriptMessages,
  transcriptsProblems,
  type Transcript,
} from '@castbase/contracts';
import { Anchor, Button, Divider, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { ConfirmActionModal } from '../../actions/confirm-action-modal.js';
import { EyeIcon, EyeOffIcon, SparklesIcon, TrashIcon } from '../../../shared/icons/icons.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import { TranscriptAddForm } from './transcript-add-form.js';
import { TranscriptPreview } from './transcript-preview.js';

import classes from './transcripts.module.css';

/**
 * The Transcript editor (spec 2 §2): 'Include a transcript' shows the list and the add form; turning it off with
 * transcripts present asks first, then removes them all. Several transcripts are allowed, one per language, type
 * and rel. Each can be previewed (its text fetched as it is served). Read-only: the list and previews only.
 */
export function TranscriptsEditor({
  value,
  onChange,
  readOnly,
  podcastId,
}: Podcasting20EditorProps<'transcripts'>) {
  const [including, setIncluding] = useState(value.length > 0);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const problems = transcriptsProblems(value);
  const shown = including || value.length > 0;

  if (readOnly) {
    return value.length === 0 ? (
      <Text c="dimmed">No transcripts.</Text>
    ) : (
      <TranscriptList
        transcripts={value}
        problems={problems}
        previewing={previewing}
        onPreview={setPreviewing}
      />
    );
  }

  return (
    <Stack gap="md">
      <Switch
        label="Include a transcript"
        description="Link transcripts or captions in the feed (podcast:transcript), one per language, type and rel"
        checked={shown}
        onChange={(event) => {
          if (event.currentTarget.checked) setIncluding(true);
          else if (value.length > 0) setConfirmingRemoval(true);
          else setIncluding(false);
        }}
      />
      {shown && (
        <>
          {value.length > 0 && (
            <TranscriptList
              transcripts={value}
              problems={problems}
              previewing={previewing}
              onPreview={setPreviewing}
              onRemove={(id) => {
                if (previewing === id) setPreviewing(null);
                onChange(value.filter((transcript) => transcript.id !== id));
              }}
            />
          )}
          <Divider />
          <TranscriptAddForm
            existing={value}
            podcastId={podcastId}
            onAdd={(added) => onChange([...value, added])}
          />
          <GenerateTranscript />
        </>
      )}
      <ConfirmActionModal
        opened={confirmingRemoval}
        title={transcriptMessages.removeAllTitle}
        message={transcriptMessages.removeAll(value.length)}
        confirmLabel="Remove transcripts"
        confirmColor="red"
        onConfirm={() => {
          onChange([]);
          setPreviewing(null);
          setIncluding(false);
          setConfirmingRemoval(false);
        }}
        onClose={() => setConfirmingRemoval(false)}
      />
    </Stack>
  );
}

interface TranscriptListProps {
  transcripts: readonly Transcript[];
  problems: ReturnType<typeof transcriptsProblems>;
  previewing: string | null;
  onPreview(id: string | null): void;
  /** Absent when read-only. */
  onRemove?: (id: string) => void;
}

function TranscriptList({ transcripts, problems, previewing, onPreview, onRemove }: TranscriptListProps) {
  return (
    <Stack gap="xs" component="ul" aria-label="Transcripts" p={0} m={0} style={{ listStyle: 'none' }}>
      {transcripts.map((transcript, index) => {
        const name = `${languageName(transcript.language)} ${TRANSCRIPT_TYPE_LABELS[transcript.type]} ${transcript.rel}`;
        const problem = problems.find((found) => found.path[1] === index);
        const open = previewing === transcript.id;
        return (
          <Paper component="li" key={transcript.id} withBorder radius="md" p="sm" aria-label={name}>
            <Stack gap="xs">
              <Stack gap={2} miw={0}>
                <Text fw={600}>
                  {languageName(transcript.language)} ({transcript.language}) ·{' '}
                  {TRANSCRIPT_TYPE_LABELS[transcript.type]} · {TRANSCRIPT_REL_LABELS[transcript.rel]}
                </Text>
                <Anchor
                  href={transcript.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  className={classes.link}
                >
                  {transcript.url}
                </Anchor>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={open ? <EyeOffIcon size={14} /> : <EyeIcon size={14} />}
                  aria-expanded={open}
                  aria-label={`${open ? 'Hide preview of' : 'Preview'} ${name}`}
                  onClick={() => onPreview(open ? null : transcript.id)}
                >
                  {open ? 'Hide preview' : 'Preview'}
                </Button>
                {onRemove && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<TrashIcon size={14} />}
                    aria-label={`Remove ${name}`}
                    onClick={() => onRemove(transcript.id)}
                  >
                    Remove
                  </Button>
                )}
              </Group>
              {problem && (
                <Text size="sm" c="red" role="alert">
                  {problem.message}
                </Text>
              )}
              {open && <TranscriptPreview url={transcript.url} label={`Text of ${name}`} />}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** Transcription needs the AI issue's transcription endpoint: the control is there, off, and says why. */
function GenerateTranscript() {
  const explanation = useId();
  return (
    <Stack gap={4} align="flex-start">
      <Button
        variant="default"
        leftSection={<SparklesIcon size={16} />}
        disabled
        aria-describedby={explanation}
      >
        Generate transcript
      </Button>
      <Text size="sm" c="dimmed" id={explanation}>
        {transcriptMessages.generateUnavailable}
      </Text>
    </Stack>
  );
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** 'English', 'Spanish (Mexico)'; the code itself when the browser does not know it. */
function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}
