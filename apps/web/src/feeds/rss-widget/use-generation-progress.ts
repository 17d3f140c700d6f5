import {
  FEED_GENERATION_DONE_PAUSE_MS,
  FEED_GENERATION_PROGRESS_STEPS,
  FEED_GENERATION_RESET_MS,
  FEED_GENERATION_STEP_MS,
} from '@castbase/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface GenerationProgress {
  /** 0 when idle, then 10, 30, 50, 70, 90 every 300 ms while the generation runs, 100 once it has answered. */
  value: number;
  /** True from the start until 1 s after 100: the banner says 'Generating RSS Feed...'. */
  active: boolean;
  /** Runs `generate`, stepping the bar while it is under way; resolves or rejects with it. */
  track<T>(generate: () => Promise<T>): Promise<T>;
}

/**
 * The generation progress bar of spec 2 §2. The steps are shown while the real request runs (the bar waits at 90
 * for a slow one); 100 comes only with its answer. After 100 the bar stays 1 s, and resets 1 s after that. A failure
 * resets it at once.
 */
export function useGenerationProgress(): GenerationProgress {
  const [value, setValue] = useState(0);
  const [active, setActive] = useState(false);
  const timers = useRef<number[]>([]);

  const clearTimers = useCallback(() => {
    timers.current.forEach((timer) => window.clearTimeout(timer));
    timers.current = [];
  }, []);
  useEffect(() => clearTimers, [clearTimers]);

  const later = useCallback((delay: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, delay));
  }, []);

  const track = useCallback(
    async <T>(generate: () => Promise<T>): Promise<T> => {
      clearTimers();
      setActive(true);
      setValue(0);
      FEED_GENERATION_PROGRESS_STEPS.forEach((step, index) => {
        later(index * FEED_GENERATION_STEP_MS, () => setValue(step));
      });
      try {
        const answer = await generate();
        clearTimers();
        setValue(100);
        later(FEED_GENERATION_DONE_PAUSE_MS, () => setActive(false));
        later(FEED_GENERATION_DONE_PAUSE_MS + FEED_GENERATION_RESET_MS, () => setValue(0));
        return answer;
      } catch (error) {
        clearTimers();
        setActive(false);
        setValue(0);
        throw error;
      }
    },
    [clearTimers, later],
  );

  return { value, active, track };
}
