import {
  FUNDING_TITLE_MAX_LENGTH,
  fundingLinkSchema,
  fundingProblems,
  type FundingLink,
} from '@castbase/contracts';
import { Anchor, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PlusIcon } from '../../../shared/icons/icons.js';
import type { Podcasting20EditorProps } from '../editor-props.js';
import { EditorList, EditorListItem, ItemActions, ItemProblem, RemovalConfirmation } from './editor-list.js';
import { optionalText, useItemForm, type ParseResult } from './item-form.js';
import { ItemFormFrame } from './item-form-frame.js';

/**
 * The episode's funding links (podcast:funding): where listeners support the show, each a URL with the title apps
 * show on it and an optional message for Castbase's episode page.
 */
export function FundingEditor({ value, onChange, readOnly }: Podcasting20EditorProps<'funding'>) {
  // The index edited, 'new' for a link being added, null while the form is closed.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const problems = new Map(fundingProblems(value).map(({ path, message }) => [path[1], message]));
  const close = () => setEditing(null);
  const edited = typeof editing === 'number' ? (value[editing] ?? null) : null;

  return (
    <Stack gap="md">
      <EditorList label="Funding links" empty={readOnly ? 'No funding links.' : 'No funding links yet.'}>
        {value.map((link, index) => (
          <EditorListItem
            key={`${index}-${link.url}`}
            actions={
              readOnly ? undefined : (
                <ItemActions
                  name={link.title}
                  onEdit={() => setEditing(index)}
                  onRemove={() => setRemoving(index)}
                />
              )
            }
          >
            <Stack gap={2} miw={0}>
              <Text fw={600}>{link.title}</Text>
              <Anchor href={link.url} target="_blank" rel="noopener noreferrer" size="sm" truncate="end">
                {link.url}
              </Anchor>
              {link.message && (
                <Text size="sm" c="dimmed">
                  {link.message}
                </Text>
              )}
              <ItemProblem message={problems.get(index)} />
            </Stack>
          </EditorListItem>
        ))}
      </EditorList>
      {!readOnly && (
        <Group>
          <Button variant="light" leftSection={<PlusIcon size={18} />} onClick={() => setEditing('new')}>
            Add funding link
          </Button>
        </Group>
      )}
      <Modal
        opened={editing !== null}
        onClose={close}
        centered
        title={editing === 'new' ? 'Add funding link' : 'Edit funding link'}
      >
        {editing !== null && (
          <FundingForm
            key={String(editing)}
            link={edited}
            others={value.filter((_, index) => index !== editing)}
            onSave={(link) => {
              onChange(
                editing === 'new'
                  ? [...value, link]
                  : value.map((current, index) => (index === editing ? link : current)),
              );
              close();
            }}
            onCancel={close}
          />
        )}
      </Modal>
      <RemovalConfirmation
        subject={removing === null ? null : (value[removing]?.title ?? null)}
        message="Listeners will no longer see this funding link."
        onConfirm={() => {
          onChange(value.filter((_, index) => index !== removing));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

function FundingForm({
  link,
  others,
  onSave,
  onCancel,
}: {
  link: FundingLink | null;
  others: readonly FundingLink[];
  onSave: (link: FundingLink) => void;
  onCancel: () => void;
}) {
  const form = useItemForm(
    { url: link?.url ?? '', title: link?.title ?? '', message: link?.message ?? '' },
    (draft): ParseResult<FundingLink> => {
      const parsed = fundingLinkSchema.safeParse({
        url: draft.url.trim(),
        title: draft.title,
        message: optionalText(draft.message),
      });
      if (!parsed.success) return parsed;
      const duplicate = fundingProblems([...others, parsed.data]).find(
        ({ path }) => path[1] === others.length,
      );
      return duplicate
        ? { success: false, error: { issues: [{ path: ['url'], message: duplicate.message }] } }
        : parsed;
    },
  );
  const { draft, change, error } = form;
  return (
    <ItemFormFrame
      form={form}
      onSave={onSave}
      onCancel={onCancel}
      submitLabel={link ? 'Save link' : 'Add link'}
    >
      <TextInput
        label="URL"
        description="Your donation, membership or tip page"
        placeholder="https://"
        type="url"
        withAsterisk
        data-autofocus
        value={draft.url}
        onChange={(event) => change({ url: event.currentTarget.value })}
        error={error('url')}
      />
      <TextInput
        label="Title"
        description={`What podcast apps show on the link, up to ${FUNDING_TITLE_MAX_LENGTH} characters`}
        placeholder="Support the show"
        withAsterisk
        value={draft.title}
        onChange={(event) => change({ title: event.currentTarget.value })}
        error={error('title')}
      />
      <Textarea
        label="Message"
        description="Optional, shown on the episode page"
        autosize
        minRows={2}
        value={draft.message}
        onChange={(event) => change({ message: event.currentTarget.value })}
        error={error('message')}
      />
    </ItemFormFrame>
  );
}
