import {
  chapterDraftOf,
  chapterDraftProblems,
  chapterFromDraft,
  formatTimecode,
  newChapterDraft,
  newItemId,
  type Chapter,
  type ChapterDraft,
  type MediaFile,
} from '@castbase/contracts';
import { Button, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useApiClient } from '../../../shared/api/use-api-client.js';
import { deleteMedia } from '../../../shared/media-upload/media-api.js';
import { absoluteUrlOf, ChapterImageField } from './chapter-image-field.js';

/** What the modal edits: a chapter of the list, or a new one. */
export type ChapterEditing = { chapter: Chapter } | { chapter: null };

interface ChapterFormModalProps {
  /** Null keeps the modal closed. */
  editing: ChapterEditing | null;
  /** The whole list, the edited chapter included. */
  chapters: readonly Chapter[];
  durationSeconds: number;
  podcastId: string;
  onSave: (chapter: Chapter) => void;
  onClose: () => void;
}

/**
 * Add chapter / Edit chapter: the form in a modal. An image uploaded in it that the chapter does not keep (removed,
 * replaced by an address, or the form cancelled) is deleted: nothing else refers to it.
 */
export function ChapterFormModal({ editing, onClose, onSave, ...rest }: ChapterFormModalProps) {
  const api = useApiClient();
  const [uploaded, setUploaded] = useState<MediaFile | null>(null);

  function releaseUpload(keptImage: string) {
    setUploaded(null);
    if (!uploaded || absoluteUrlOf(uploaded.url) === keptImage) return;
    deleteMedia(api, uploaded.id).catch((error: unknown) =>
      console.warn('An uploaded chapter image could not be deleted', error),
    );
  }
  const close = () => {
    releaseUpload('');
    onClose();
  };

  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      title={editing?.chapter ? 'Edit chapter' : 'Add chapter'}
      size="lg"
      centered
    >
      {editing && (
        <ChapterForm
          editing={editing}
          uploaded={uploaded}
          onUploaded={setUploaded}
          onClose={close}
          onSave={(chapter) => {
            releaseUpload(chapter.image ?? '');
            onSave(chapter);
          }}
          {...rest}
        />
      )}
    </Modal>
  );
}

interface ChapterFormProps extends Omit<ChapterFormModalProps, 'editing'> {
  editing: ChapterEditing;
  uploaded: MediaFile | null;
  onUploaded: (file: MediaFile | null) => void;
}

function ChapterForm({
  editing,
  chapters,
  durationSeconds,
  podcastId,
  uploaded,
  onUploaded,
  onSave,
  onClose,
}: ChapterFormProps) {
  const edited = editing.chapter;
  const others = chapters.filter((chapter) => chapter.id !== edited?.id);
  const [draft, setDraft] = useState<ChapterDraft>(() =>
    edited ? chapterDraftOf(edited) : newChapterDraft(chapters),
  );
  const [submitted, setSubmitted] = useState(false);
  const problems = chapterDraftProblems(draft, others, durationSeconds);
  const shown = submitted ? problems : {};

  const change =
    <Field extends keyof ChapterDraft>(field: Field) =>
    (value: ChapterDraft[Field]) =>
      setDraft((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    onSave(chapterFromDraft(draft, edited?.id ?? newItemId()));
  }

  return (
    <form onSubmit={submit} noValidate aria-label={edited ? 'Edit chapter' : 'Add chapter'}>
      <Stack gap="md">
        <TextInput
          label="Title"
          required
          data-autofocus
          value={draft.title}
          error={shown.title}
          onChange={(event) => change('title')(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label="Start time"
            description="MM:SS or HH:MM:SS"
            required
            placeholder="00:00"
            value={draft.startTime}
            error={shown.startTime}
            onChange={(event) => change('startTime')(event.currentTarget.value)}
          />
          <TextInput
            label="End time (optional)"
            description="Empty: until the next chapter, 60 s at most"
            placeholder="MM:SS"
            value={draft.endTime}
            error={shown.endTime}
            onChange={(event) => change('endTime')(event.currentTarget.value)}
          />
        </SimpleGrid>
        {durationSeconds > 0 && (
          <Text size="sm" c="dimmed">
            The episode is {formatTimecode(durationSeconds)} long.
          </Text>
        )}
        <TextInput
          label="Link (optional)"
          description="A page about this part of the episode"
          placeholder="https://"
          inputMode="url"
          value={draft.url}
          error={shown.url}
          onChange={(event) => change('url')(event.currentTarget.value)}
        />
        <ChapterImageField
          podcastId={podcastId}
          value={draft.image}
          onChange={change('image')}
          uploaded={uploaded}
          onUploaded={onUploaded}
          error={shown.image}
        />
        <Switch
          label="Show in table of contents"
          description="Off: a hidden chapter. Apps do not list it, but its image and link still show as it plays."
          checked={draft.toc}
          onChange={(event) => change('toc')(event.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">{edited ? 'Save chapter' : 'Add chapter'}</Button>
        </Group>
      </Stack>
    </form>
  );
}
