import {
  TRANSCRIPT_REL_LABELS,
  TRANSCRIPT_RELS,
  TRANSCRIPT_TYPE_LABELS,
  TRANSCRIPT_TYPES,
  transcriptMessages,
  transcriptSchema,
  transcriptsProblems,
  transcriptTypeOfFormat,
  type MediaFile,
  type Transcript,
  type TranscriptRel,
  type TranscriptType,
} from '@castbase/contracts';
import { Alert, Button, Group, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AlertIcon, PlusIcon } from '../../../shared/icons/icons.js';
import { MediaUpload } from '../../../shared/media-upload/media-upload.js';
import { deleteMedia } from '../../../shared/media-upload/media-api.js';
import { useApiClient } from '../../../shared/api/use-api-client.js';

type Source = 'file' | 'url';

interface TranscriptAddFormProps {
  /** The transcripts the episode holds: a new one must differ from each in language, type or rel. */
  existing: readonly Transcript[];
  podcastId: string;
  onAdd(transcript: Transcript): void;
}

interface Draft {
  source: Source;
  /** The uploaded file, once media has stored it. */
  uploaded: { mediaId: string; url: string } | null;
  url: string;
  type: TranscriptType;
  language: string;
  rel: TranscriptRel;
}

const EMPTY_DRAFT: Draft = {
  source: 'file',
  uploaded: null,
  url: '',
  type: 'text/vtt',
  language: 'en',
  rel: 'captions',
};

type FieldErrors = Partial<Record<'url' | 'type' | 'language' | 'rel' | 'list', string>>;

/**
 * A new transcript: a file uploaded through media (its type prefilled from the format found in its bytes) or a URL,
 * with its type, language (ISO 639-1, en by default) and rel (captions by default). Checked with the catalog's
 * own schema and list rule before it joins the list.
 */
export function TranscriptAddForm({ existing, podcastId, onAdd }: TranscriptAddFormProps) {
  const api = useApiClient();
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  // A new key gives a fresh upload component after each transcript added.
  const [round, setRound] = useState(0);
  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  function add() {
    const url = draft.source === 'file' ? (draft.uploaded?.url ?? '') : draft.url.trim();
    if (draft.source === 'file' && !draft.uploaded) {
      setErrors({ url: transcriptMessages.fileRequired });
      return;
    }
    const parsed = transcriptSchema.safeParse({
      id: crypto.randomUUID(),
      url,
      type: draft.type,
      language: draft.language,
      rel: draft.rel,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'url' || field === 'type' || field === 'language' || field === 'rel') && !found[field])
          found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    const [problem] = transcriptsProblems([...existing, parsed.data]);
    if (problem) {
      setErrors({ list: problem.message });
      return;
    }
    onAdd(parsed.data);
    setDraft({ ...EMPTY_DRAFT, source: draft.source });
    setRound((current) => current + 1);
  }

  function uploaded(file: MediaFile) {
    change({
      uploaded: { mediaId: file.id, url: file.url },
      type: transcriptTypeOfFormat(file.format) ?? draft.type,
    });
  }

  /** A file not added to the list is nobody's: it goes, so it does not count against the plan. */
  async function removeUpload() {
    if (draft.uploaded) await deleteMedia(api, draft.uploaded.mediaId);
    change({ uploaded: null });
  }

  return (
    <Stack gap="sm" component="section" aria-label="Add a transcript">
      <SegmentedControl
        value={draft.source}
        onChange={(source) => change({ source: source })}
        data={[
          { value: 'file', label: 'Upload a file' },
          { value: 'url', label: 'Link a URL' },
        ]}
        w="fit-content"
      />
      {draft.source === 'file' ? (
        <Stack gap={4}>
          <MediaUpload
            key={round}
            purpose="transcript"
            podcastId={podcastId}
            label="Transcript file"
            onReady={uploaded}
            onRemove={removeUpload}
          />
          {errors.url && (
            <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={18} />} p="xs">
              {errors.url}
            </Alert>
          )}
        </Stack>
      ) : (
        <TextInput
          label="Transcript URL"
          placeholder="https://example.com/episode-12.vtt"
          type="url"
          value={draft.url}
          onChange={(event) => change({ url: event.currentTarget.value })}
          error={errors.url}
          required
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Type"
          description={`In the feed as ${draft.type}`}
          data={TRANSCRIPT_TYPES.map((type) => ({ value: type, label: TRANSCRIPT_TYPE_LABELS[type] }))}
          value={draft.type}
          onChange={(type) => type && change({ type: type })}
          allowDeselect={false}
          error={errors.type}
        />
        <TextInput
          label="Language"
          description="ISO 639-1, e.g. en, es, fr"
          value={draft.language}
          onChange={(event) => change({ language: event.currentTarget.value })}
          error={errors.language}
          maxLength={20}
        />
        <Select
          label="Rel"
          description="How apps show it"
          data={TRANSCRIPT_RELS.map((rel) => ({ value: rel, label: TRANSCRIPT_REL_LABELS[rel] }))}
          value={draft.rel}
          onChange={(rel) => rel && change({ rel: rel })}
          allowDeselect={false}
          error={errors.rel}
        />
      </SimpleGrid>
      {errors.list && (
        <Alert color="red" variant="light" role="alert" icon={<AlertIcon size={18} />}>
          {errors.list}
        </Alert>
      )}
      <Group>
        <Button leftSection={<PlusIcon size={16} />} onClick={add} variant="light">
          Add transcript
        </Button>
      </Group>
    </Stack>
  );
}
