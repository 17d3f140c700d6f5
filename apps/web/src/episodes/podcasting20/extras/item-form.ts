import { useState, type RefObject } from 'react';
import { useFocusFirstInvalid } from '../../../shared/forms/use-focus-first-invalid.js';

/** What a contracts schema's `safeParse` answers. */
export type ParseResult<Item> =
  | { success: true; data: Item }
  | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };

export interface ItemForm<Draft, Item> {
  draft: Draft;
  /** Changes some fields and clears their messages (the next submit checks again). */
  change: (patch: Partial<Draft>) => void;
  /** The message beside a field after a refused submit: 'name', or 'sources.1' for a list's entry. */
  error: (path: string) => string | undefined;
  /** The item when the draft passes the contracts' rules; otherwise null, with the messages shown and focus moved. */
  submit: () => Item | null;
  /** Holds the fields: focus goes to the first invalid one after a refused submit. */
  container: RefObject<HTMLFormElement | null>;
}

/**
 * One item's form in the Podcasting 2.0 editors (a person, a funding link, a location…): the text the fields hold,
 * checked with the catalog's own schema when submitted, its messages shown beside the fields they name.
 */
export function useItemForm<Draft extends object, Item>(
  initial: Draft,
  parse: (draft: Draft) => ParseResult<Item>,
): ItemForm<Draft, Item> {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState(0);
  const container = useFocusFirstInvalid<HTMLFormElement>(refusals);

  return {
    draft,
    container,
    change: (patch) => {
      setDraft((current) => ({ ...current, ...patch }));
      const changed = Object.keys(patch);
      setErrors((current) =>
        Object.fromEntries(
          Object.entries(current).filter(
            ([path]) => !changed.some((key) => path === key || path.startsWith(`${key}.`)),
          ),
        ),
      );
    },
    error: (path) => errors[path],
    submit: () => {
      const result = parse(draft);
      if (result.success) return result.data;
      const messages: Record<string, string> = {};
      for (const issue of result.error.issues) messages[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(messages);
      setRefusals((count) => count + 1);
      return null;
    },
  };
}

/** A text field's value as an optional item field: undefined when blank. */
export const optionalText = (text: string): string | undefined => text.trim() || undefined;

/** A text field's value as a nullable item field (image and link URLs): null when blank. */
export const nullableText = (text: string): string | null => text.trim() || null;
