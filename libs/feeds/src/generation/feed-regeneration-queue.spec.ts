import { describe, expect, it } from '@jest/globals';
import type { FeedRepository } from '../feed-documents/feed.repository.js';
import {
  coalescingWindowMs,
  FeedRegenerationQueue,
  MAX_COALESCING_WINDOW_MS,
} from './feed-regeneration-queue.js';
import type { RegenerateFeed } from './regenerate-feed.usecase.js';

/** A generation that takes `runMs` and notes when each run started and ended. */
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

describe('FeedRegenerationQueue: merged generations of one podcast', () => {
  it('waits as long as the last run took before the next one, never more than the bound', () => {
    expect(coalescingWindowMs(0)).toBe(0);
    expect(coalescingWindowMs(300)).toBe(300);
    expect(coalescingWindowMs(60_000)).toBe(MAX_COALESCING_WINDOW_MS);
  });

  it('starts a request with no run going at once, and merges a burst during a run into one more run after its window', async () => {
    const { queue, runs } = fakeGeneration(200);
    const asked = Date.now();
    const first = queue.schedule('podcast-1');
    const burst = Array.from({ length: 20 }, () => queue.schedule('podcast-1'));
    await first;
    expect(runs).toHaveLength(1);
    expect(runs[0]!.startedAt - asked).toBeLessThan(100);

    await Promise.all(burst);
    expect(runs).toHaveLength(2);
    // The second run began a window (as long as the first run) after the first ended.
    expect(runs[1]!.startedAt - runs[0]!.endedAt!).toBeGreaterThanOrEqual(190);
    await queue.onModuleDestroy();
  });

  it('starts a request at once after a run that nobody asked to follow', async () => {
    const { queue, runs } = fakeGeneration(200);
    await queue.schedule('podcast-1');
    const asked = Date.now();
    await queue.schedule('podcast-1');
    expect(runs).toHaveLength(2);
    expect(runs[1]!.startedAt - asked).toBeLessThan(100);
    await queue.onModuleDestroy();
  });

  it('runs other podcasts without waiting for one another', async () => {
    const { queue, runs } = fakeGeneration(200);
    const first = queue.schedule('podcast-1');
    const again = queue.schedule('podcast-1');
    await queue.schedule('podcast-2');
    expect(runs).toHaveLength(2);
    await Promise.all([first, again]);
    expect(runs).toHaveLength(3);
    await queue.onModuleDestroy();
  });

  it('stops within a window when the service stops, refusing the run that waited', async () => {
    const { queue, runs } = fakeGeneration(200);
    const first = queue.schedule('podcast-1');
    const waiting = queue.schedule('podcast-1').catch((error: unknown) => error);
    await first;
    const stopping = Date.now();
    await queue.onModuleDestroy();
    expect(Date.now() - stopping).toBeLessThan(150);
    expect(await waiting).toEqual(new Error('the feeds service is shutting down'));
    expect(runs).toHaveLength(1);
  });
});
