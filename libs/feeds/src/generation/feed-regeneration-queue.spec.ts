import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { FeedRepository } from '../feed-documents/feed.repository.js';
import {
  coalescingWindowMs,
  FeedRegenerationQueue,
  MAX_COALESCING_WINDOW_MS,
} from './feed-regeneration-queue.js';
import type { RegenerateFeed } from './regenerate-feed.usecase.js';

/** A generation that takes `runMs` of the test's clock and notes when each run started and ended. */
function fakeGeneration(runMs: number) {
  const runs: Array<{ startedAt: number; endedAt: number | null }> = [];
  const regenerateFeed = {
    execute: async () => {
      const run: { startedAt: number; endedAt: number | null } = { startedAt: Date.now(), endedAt: null };
      runs.push(run);
      await new Promise((resolve) => setTimeout(resolve, runMs));
      run.endedAt = Date.now();
      return null;
    },
  } as unknown as RegenerateFeed;
  const feeds = { findPodcastIdsNeedingUpdate: async () => [] } as unknown as FeedRepository;
  return { queue: new FeedRegenerationQueue(regenerateFeed, feeds), runs };
}

// The queue's windows run on Jest's clock (timers and Date.now), advanced by the test: no real waiting, no timing
// that a busy machine could stretch.
describe('FeedRegenerationQueue: merged generations of one podcast', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('waits as long as the last run took before the next one, never more than the bound', () => {
    expect(coalescingWindowMs(0)).toBe(0);
    expect(coalescingWindowMs(300)).toBe(300);
    expect(coalescingWindowMs(60_000)).toBe(MAX_COALESCING_WINDOW_MS);
  });

  it('starts a request with no run going at once, and merges a burst during a run into one more run after its window', async () => {
    const { queue, runs } = fakeGeneration(200);
    const first = queue.schedule('podcast-1');
    const burst = Array.from({ length: 20 }, () => queue.schedule('podcast-1'));
    await jest.advanceTimersByTimeAsync(200);
    await first;
    expect(runs).toEqual([{ startedAt: 0, endedAt: 200 }]);

    // The second run begins a window as long as the first run after it ended, and answers the whole burst.
    await jest.advanceTimersByTimeAsync(199);
    expect(runs).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(201);
    await Promise.all(burst);
    expect(runs).toEqual([
      { startedAt: 0, endedAt: 200 },
      { startedAt: 400, endedAt: 600 },
    ]);
    await queue.onModuleDestroy();
  });

  it('starts a request at once after a run that nobody asked to follow', async () => {
    const { queue, runs } = fakeGeneration(200);
    const first = queue.schedule('podcast-1');
    await jest.advanceTimersByTimeAsync(200);
    await first;
    const second = queue.schedule('podcast-1');
    await jest.advanceTimersByTimeAsync(200);
    await second;
    expect(runs).toEqual([
      { startedAt: 0, endedAt: 200 },
      { startedAt: 200, endedAt: 400 },
    ]);
    await queue.onModuleDestroy();
  });

  it('runs other podcasts without waiting for one another', async () => {
    const { queue, runs } = fakeGeneration(200);
    const first = queue.schedule('podcast-1');
    const again = queue.schedule('podcast-1');
    const other = queue.schedule('podcast-2');
    await jest.advanceTimersByTimeAsync(200);
    await other;
    expect(runs).toEqual([
      { startedAt: 0, endedAt: 200 },
      { startedAt: 0, endedAt: 200 },
    ]);
    await jest.advanceTimersByTimeAsync(400);
    await Promise.all([first, again]);
    expect(runs).toHaveLength(3);
    await queue.onModuleDestroy();
  });

  it('stops within a window when the service stops, refusing the run that waited', async () => {
    const { queue, runs } = fakeGeneration(200);
    const first = queue.schedule('podcast-1');
    const waiting = queue.schedule('podcast-1').catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(200);
    await first;
    // Stopping does not wait out the 200 ms window: the clock is not advanced while it stops.
    await queue.onModuleDestroy();
    expect(await waiting).toEqual(new Error('the feeds service is shutting down'));
    expect(runs).toHaveLength(1);
  });
});
