import { Button, Group, Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ItemForm } from './item-form.js';

/**
 * The frame of one item's form in the Podcasting 2.0 editors: submitting checks the item with the contracts' rules
 * (`useItemForm`) and hands it on only when it passes; Cancel and the submit button close it.
 */
export function ItemFormFrame<Draft, Item>({
  form,
  onSave,
  onCancel,
  submitLabel,
  gap = 'sm',
  children,
}: {
  form: ItemForm<Draft, Item>;
  onSave: (item: Item) => void;
  onCancel: () => void;
  submitLabel: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.container}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const saved = form.submit();
        if (saved) onSave(saved);
      }}
    >
      <Stack gap={gap}>
        {children}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
