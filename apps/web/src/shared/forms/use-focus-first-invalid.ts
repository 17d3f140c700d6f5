import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a failed attempt to go on, moves focus to the first field marked invalid inside the container, so that a
 * keyboard user lands on it and a screen reader reads its label and its error together. `failedAttempts` counts the
 * failures: each new one moves focus again, and 0 (nothing failed yet) leaves focus alone.
 */
export function useFocusFirstInvalid<T extends HTMLElement>(failedAttempts: number): RefObject<T | null> {
  const container = useRef<T>(null);
  useEffect(() => {
    if (failedAttempts === 0) return;
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failedAttempts]);
  return container;
}
