import { UPLOAD_PROGRESS_DEBOUNCE_MS } from '@castbase/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from './upload-progress.js';

/**
 * The progress bar's value, paced as spec 2 §4 asks: within one step the figure changes at most every 800 ms (the
 * last value is shown when the time comes); a new step, or the bar going away, shows at once. It never goes back.
 */
export function usePacedProgress() {
  const [shown, setShown] = useState<UploadProgress | null>(null);
  const shownRef = useRef<UploadProgress | null>(null);
  const lastAt = useRef(0);
  const pending = useRef<UploadProgress | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = useCallback((next: UploadProgress | null) => {
    window.clearTimeout(timer.current);
    pending.current = null;
    shownRef.current = next;
    lastAt.current = performance.now();
    setShown(next);
  }, []);

  const report = useCallback(
    (next: UploadProgress | null) => {
      const current = shownRef.current;
      if (next === null || current === null || next.step !== current.step || next.settled) {
        show(next && current ? { ...next, percent: Math.max(current.percent, next.percent) } : next);
        return;
      }
      pending.current = { ...next, percent: Math.max(current.percent, next.percent) };
      const wait = UPLOAD_PROGRESS_DEBOUNCE_MS - (performance.now() - lastAt.current);
      if (wait <= 0) {
        show(pending.current);
        return;
      }
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => pending.current && show(pending.current), wait);
    },
    [show],
  );

  return { progress: shown, report };
}
