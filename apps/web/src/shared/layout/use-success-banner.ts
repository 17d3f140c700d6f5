import { SUCCESS_BANNER_MS } from '@castbase/contracts';
import { useCallback, useEffect, useState } from 'react';

interface Shown {
  message: string;
  // A new object each time, so the same message shown twice starts its time again.
  shownAt: number;
}

/** A success message that disappears after SUCCESS_BANNER_MS (or when dismissed). */
export function useSuccessBanner() {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => setShown(null), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [shown]);

  const show = useCallback((message: string) => setShown({ message, shownAt: Date.now() }), []);
  const dismiss = useCallback(() => setShown(null), []);
  return { message: shown?.message ?? null, show, dismiss };
}
