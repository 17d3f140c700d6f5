import {
  autoChapters,
  chapterMessages,
  CHAPTERS_MAX,
  chaptersProblems,
  sortChapters,
  type Chapter,
} from '@castbase/contracts';
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AlertIcon } from '../../../shared/icons/icons.js';
import { ConfirmActionModal } from '../../actions/confirm-action-modal.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import { ChapterFormModal, type ChapterEditing } from './chapter-form-modal.js';
import { chapterTimes, ChapterList } from './chapter-list.js';
import { downloadChaptersFile, readChaptersFile } from './chapters-file.js';
import { ChaptersToolbar } from './chapters-toolbar.js';

/** A change that is asked about first: deleting a chapter, or replacing the list. */
interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  apply: () => void;
}

const count = (n: number) => `${n} chapter${n === 1 ? '' : 's'}`;

/** The list's broken rules (spec 2 §5), by chapter id, to show beside each chapter. */
function problemsByChapter(chapters: readonly Chapter[], durationSeconds: number): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const { path, message } of chaptersProblems(chapters, durationSeconds)) {
    const chapter = chapters[path[1] as number];
    if (chapter) byId.set(chapter.id, [...(byId.get(chapter.id) ?? []), message]);
  }
  return byId;
}

/**
 * The Chapters editor (spec 2 §2): the chapters in playing order with add, edit and delete (confirmed), a JSON
 * chapters file in and out, and 5-minute chapters generated from the episode's length. Changes go into the episode
 * form; read-only shows the list (and Export) only.
 */
export function ChaptersEditor({
  value,
  onChange,
  readOnly,
  durationSeconds,
  podcastId,
}: Podcasting20EditorProps<'chapters'>) {
  const [editing, setEditing] = useState<ChapterEditing | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const chapters = sortChapters(value);

  function replaceWith(next: Chapter[], done: string, why: string) {
    const apply = () => {
      onChange(next);
      setNotice(done);
    };
    if (value.length === 0) return apply();
    setConfirmation({
      title: 'Replace chapters?',
      message: `The ${count(value.length)} of this episode will be replaced by ${why}.`,
      confirmLabel: 'Replace chapters',
      apply,
    });
  }

  async function importFile(file: File) {
    setImportError(null);
    setNotice('');
    const read = await readChaptersFile(file);
    if ('error' in read) return setImportError(read.error);
    if (read.chapters.length > CHAPTERS_MAX) return setImportError(chapterMessages.tooMany);
    replaceWith(
      read.chapters,
      `Imported ${count(read.chapters.length)} from ${file.name}.`,
      `the ${count(read.chapters.length)} of ${file.name}`,
    );
  }

  function autoGenerate() {
    const generated = autoChapters(durationSeconds);
    replaceWith(
      generated,
      `Generated ${count(generated.length)}, one every 5 minutes.`,
      `${count(generated.length)} of 5 minutes each`,
    );
  }

  function askToDelete(chapter: Chapter) {
    setConfirmation({
      title: 'Delete chapter?',
      message: `“${chapter.title}” (${chapterTimes(chapter)}) will be removed from the episode’s chapters.`,
      confirmLabel: 'Delete chapter',
      apply: () => onChange(value.filter((other) => other.id !== chapter.id)),
    });
  }

  const problems = problemsByChapter(value, durationSeconds);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Chapters let listeners jump to the parts of the episode. Podcasting 2.0 apps read them from the
        chapters file; the published MP3 carries them for other apps.
      </Text>
      <ChaptersToolbar
        readOnly={readOnly}
        chapterCount={value.length}
        full={value.length >= CHAPTERS_MAX}
        durationSeconds={durationSeconds}
        onAdd={() => {
          setNotice('');
          setEditing({ chapter: null });
        }}
        onAutoGenerate={autoGenerate}
        onImport={(file) => void importFile(file)}
        onExport={() => downloadChaptersFile(value)}
      />
      {!readOnly && value.length >= CHAPTERS_MAX && (
        <Text size="sm" c="dimmed">
          {chapterMessages.tooMany}
        </Text>
      )}
      {importError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<AlertIcon size={20} />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setImportError(null)}
        >
          {importError}
        </Alert>
      )}
      <Stack gap={4}>
        <Text size="sm" role="status">
          {notice}
        </Text>
        {chapters.length > 0 ? (
          <ChapterList
            chapters={chapters}
            problems={problems}
            readOnly={readOnly}
            onEdit={(chapter) => setEditing({ chapter })}
            onDelete={askToDelete}
          />
        ) : (
          <Text c="dimmed">
            {readOnly
              ? 'No chapters.'
              : 'No chapters yet. Add them one by one, import a JSON chapters file, or generate one every 5 minutes.'}
          </Text>
        )}
      </Stack>
      {!readOnly && (
        <ChapterFormModal
          editing={editing}
          chapters={value}
          durationSeconds={durationSeconds}
          podcastId={podcastId}
          onSave={(chapter) => {
            onChange(sortChapters([...value.filter((other) => other.id !== chapter.id), chapter]));
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmActionModal
        opened={confirmation !== null}
        title={confirmation?.title ?? ''}
        message={confirmation?.message ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        confirmColor="red"
        onConfirm={() => {
          confirmation?.apply();
          setConfirmation(null);
        }}
        onClose={() => setConfirmation(null)}
      />
    </Stack>
  );
}
