import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from '../../shared/icons/icons.js';

/** How long typing rests before the list is searched. */
const SEARCH_DEBOUNCE_MS = 300;

interface EpisodeSearchInputProps {
  /** The search the list shows (from the address). */
  value: string;
  onSearch: (search: string) => void;
}

/** Search in titles, descriptions and tags: the list follows once typing rests. */
export function EpisodeSearchInput({ value, onSearch }: EpisodeSearchInputProps) {
  const [text, setText] = useState(value);
  // The last search sent: when the address changes to anything else (Clear Filters, Back), the field follows it.
  const sent = useRef(value);
  const search = useDebouncedCallback((next: string) => {
    sent.current = next.trim();
    onSearch(next.trim());
  }, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  const change = (next: string) => {
    setText(next);
    search(next);
  };
  return (
    <TextInput
      label="Search episodes"
      placeholder="Title, description or tag"
      leftSection={<SearchIcon size={18} />}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      rightSection={
        text ? <CloseButton aria-label="Clear search" onClick={() => change('')} size="sm" /> : null
      }
      style={{ flex: '1 1 260px' }}
    />
  );
}
