import {
  ALTERNATE_ENCLOSURE_TITLE_MAX_LENGTH,
  alternateEnclosureSchema,
  COMMON_ENCLOSURE_TYPES,
  type AlternateEnclosure,
} from '@castbase/contracts';
import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CloseIcon, PlusIcon } from '../../../shared/icons/icons.js';
import { optionalText, useItemForm } from './item-form.js';
import { ItemFormFrame } from './item-form-frame.js';

const MAX_SOURCES = 10;

interface EnclosureDraft {
  type: string;
  /** NumberInput gives '' while empty. */
  length: number | string;
  bitrateKbps: number | string;
  height: number | string;
  lang: string;
  title: string;
  rel: string;
  sources: string[];
}

const numberOrUndefined = (value: number | string) => (typeof value === 'number' ? value : undefined);

const draftOf = (enclosure: AlternateEnclosure | null): EnclosureDraft => ({
  type: enclosure?.type ?? '',
  length: enclosure?.length ?? '',
  bitrateKbps: enclosure?.bitrate === undefined ? '' : enclosure.bitrate / 1000,
  height: enclosure?.height ?? '',
  lang: enclosure?.lang ?? '',
  title: enclosure?.title ?? '',
  rel: enclosure?.rel ?? '',
  sources: enclosure?.sources ?? [''],
});

/** One alternate enclosure's fields, checked with the catalog's own schema; the bitrate is typed in kbit/s. */
export function AlternateEnclosureForm({
  enclosure,
  onSave,
  onCancel,
}: {
  enclosure: AlternateEnclosure | null;
  onSave: (enclosure: AlternateEnclosure) => void;
  onCancel: () => void;
}) {
  const form = useItemForm(draftOf(enclosure), (draft) => {
    const sources = draft.sources.map((source) => source.trim());
    const kbps = numberOrUndefined(draft.bitrateKbps);
    return alternateEnclosureSchema.safeParse({
      type: draft.type,
      length: numberOrUndefined(draft.length),
      bitrate: kbps === undefined ? undefined : Math.round(kbps * 1000),
      height: numberOrUndefined(draft.height),
      lang: optionalText(draft.lang),
      title: optionalText(draft.title),
      rel: optionalText(draft.rel),
      sources: sources.every((source) => source === '') ? [] : sources,
    });
  });
  const { draft, change, error } = form;
  const setSource = (index: number, source: string | null) => {
    const sources = [...draft.sources];
    if (source === null) sources.splice(index, 1);
    else sources[index] = source;
    change({ sources });
  };

  return (
    <ItemFormFrame
      form={form}
      onSave={onSave}
      onCancel={onCancel}
      submitLabel={enclosure ? 'Save enclosure' : 'Add enclosure'}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Autocomplete
          label="Type"
          description="The file's MIME type"
          placeholder="audio/opus"
          withAsterisk
          data-autofocus
          data={COMMON_ENCLOSURE_TYPES}
          value={draft.type}
          onChange={(type) => change({ type })}
          error={error('type')}
        />
        <TextInput
          label="Title"
          description={`Up to ${ALTERNATE_ENCLOSURE_TITLE_MAX_LENGTH} characters`}
          placeholder="High quality"
          value={draft.title}
          onChange={(event) => change({ title: event.currentTarget.value })}
          error={error('title')}
        />
        <NumberInput
          label="Bitrate (kbit/s)"
          min={0}
          decimalScale={3}
          value={draft.bitrateKbps}
          onChange={(bitrateKbps) => change({ bitrateKbps })}
          error={error('bitrate')}
        />
        <NumberInput
          label="Length (bytes)"
          description="The file's size"
          min={0}
          allowDecimal={false}
          thousandSeparator=","
          value={draft.length}
          onChange={(length) => change({ length })}
          error={error('length')}
        />
        <NumberInput
          label="Height (pixels)"
          description="For video"
          min={1}
          allowDecimal={false}
          value={draft.height}
          onChange={(height) => change({ height })}
          error={error('height')}
        />
        <TextInput
          label="Language"
          description='e.g. "en" or "en-US"'
          value={draft.lang}
          onChange={(event) => change({ lang: event.currentTarget.value })}
          error={error('lang')}
        />
        <TextInput
          label="Rel"
          description="Groups versions of the same content"
          value={draft.rel}
          onChange={(event) => change({ rel: event.currentTarget.value })}
          error={error('rel')}
        />
      </SimpleGrid>
      <Stack gap={6} component="fieldset" p={0} m={0} style={{ border: 0 }}>
        <Text component="legend" size="sm" fw={500} p={0}>
          Sources{' '}
          <span aria-hidden="true" style={{ color: 'var(--mantine-color-error)' }}>
            *
          </span>
        </Text>
        {draft.sources.map((source, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              aria-label={`Source URL ${index + 1}`}
              placeholder="https://"
              type="url"
              value={source}
              onChange={(event) => setSource(index, event.currentTarget.value)}
              error={error(`sources.${index}`) ?? (index === 0 ? error('sources') : undefined)}
            />
            {draft.sources.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Remove source URL ${index + 1}`}
                onClick={() => setSource(index, null)}
              >
                <CloseIcon size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {draft.sources.length < MAX_SOURCES && (
          <Group>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<PlusIcon size={16} />}
              onClick={() => change({ sources: [...draft.sources, ''] })}
            >
              Add source
            </Button>
          </Group>
        )}
      </Stack>
    </ItemFormFrame>
  );
}
