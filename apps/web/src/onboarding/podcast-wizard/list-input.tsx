import { Button, Group, Pill, Stack, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';

interface ListInputProps {
  label: string;
  placeholder?: string;
  description?: ReactNode;
  items: readonly string[];
  /** Receives what was typed (never blank); the owner decides how it joins the list. */
  onAdd(typed: string): void;
  onRemove(item: string): void;
  /** No more can be added once the list is full. */
  full?: boolean;
}

/** A text box whose entries are added with Enter or Add and shown as removable chips (tags, co-hosts). */
export function ListInput({
  label,
  placeholder,
  description,
  items,
  onAdd,
  onRemove,
  full = false,
}: ListInputProps) {
  const [typed, setTyped] = useState('');

  function add() {
    if (typed.trim() === '' || full) return;
    onAdd(typed);
    setTyped('');
  }

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={label}
          placeholder={placeholder}
          description={description}
          value={typed}
          disabled={full}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
        />
        <Button variant="default" onClick={add} disabled={full || typed.trim() === ''}>
          Add
        </Button>
      </Group>
      {items.length > 0 && (
        <Pill.Group>
          {items.map((item) => (
            <Pill
              key={item}
              size="lg"
              withRemoveButton
              onRemove={() => onRemove(item)}
              // Mantine hides the remove button from keyboards and assistive tech by default; this one is a real button.
              removeButtonProps={{ 'aria-label': `Remove ${item}`, 'aria-hidden': false, tabIndex: 0 }}
            >
              {item}
            </Pill>
          ))}
        </Pill.Group>
      )}
    </Stack>
  );
}
