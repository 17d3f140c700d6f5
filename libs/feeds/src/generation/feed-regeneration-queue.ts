import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { FeedPodcastRecord } from '../feed-documents/feed-records.js';
import { FeedRepository } from '../feed-documents/feed.repository.js';
import { RegenerateFeed } from './regenerate-feed.usecase.js';

type Outcome = FeedPodcastRecord | null;

interface Deferred {
  promise: Promise<Outcome>;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: Deferred['resolve'];
  let reject!: Deferred['reject'];
  const promise = new Promise<Outcome>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** How often this process looks for podcasts whose generation is pending (missed at a crash) or failed. */
export const PENDING_GENERATION_SWEEP_MS = 30_000;
const SWEEP_BATCH = 100;
/**
 * The longest a generation asked for while one runs waits after it, gathering more changes: a burst of catalog changes
 * (an import publishing hundreds of episodes, a bulk edit) then spends at most about half of a core on the podcast's
 * feeds, and a podcast app still sees each change within one run, this window and the next run.
 */
export const MAX_COALESCING_WINDOW_MS = 5_000;

/** How long the next run waits after one that took `lastRunMs`: as long as that run took, within the bound. */
export function coalescingWindowMs(lastRunMs: number): number {
  return Math.min(Math.max(lastRunMs, 0), MAX_COALESCING_WINDOW_MS);
}

/**
 * Merges the generations of one podcast in this process: while one runs, further requests mark it dirty and share one
 * more run after it (however many came). That run starts after a coalescing window as long as the previous run took
 * (at most {@link MAX_COALESCING_WINDOW_MS}), gathering what else comes meanwhile, so a long burst of catalog changes
 * costs one generation per window, not one after another without pause. A request with no run going (nor waiting)
 * starts at once. Replicas still serialise through the podcast's advisory lock. On start and every 30 s it also
 * generates the podcasts whose heard changes no committed generation includes (a crash between an event and its
 * generation, or a failure).
 */
@Injectable()
export class FeedRegenerationQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('feeds:generation');
  private readonly runs = new Map<string, { current: Promise<Outcome>; next: Deferred | null }>();
  /** The coalescing windows under way, each ended early (its run refused) when the service stops. */
  private readonly windows = new Map<NodeJS.Timeout, () => void>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private sweeping = false;

  constructor(
    private readonly regenerateFeed: RegenerateFeed,
    private readonly feeds: FeedRepository,
  ) {}

  /** Settles when a generation that started after this call has committed (or failed). */
  schedule(podcastId: string): Promise<Outcome> {
    const state = this.runs.get(podcastId);
    if (!state) return this.start(podcastId);
    state.next ??= deferred();
    return state.next.promise;
  }

  /** For event handlers: a failure is logged, and the sweep tries again. */
  scheduleQuietly(podcastId: string): void {
    this.schedule(podcastId).catch((error: unknown) => {
      this.logger.warn(`generating the feeds of podcast ${podcastId} failed: ${String(error)}`);
    });
  }

  onApplicationBootstrap(): void {
    this.sweepTimer = setInterval(() => void this.sweep(), PENDING_GENERATION_SWEEP_MS);
    this.sweepTimer.unref();
    void this.sweep();
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweepTimer);
    for (const [timer, end] of this.windows) {
      clearTimeout(timer);
      end();
    }
    while (this.runs.size > 0) {
      const runs = [...this.runs.values()].flatMap((state) =>
        state.next ? [state.current, state.next.promise] : [state.current],
      );
      await Promise.allSettled(runs);
    }
  }

  private start(podcastId: string): Promise<Outcome> {
    if (this.closed) return Promise.reject(new Error('the feeds service is shutting down'));
    const startedAt = Date.now();
    const run = this.regenerateFeed.execute(podcastId);
    // When requests came while this run went on, the podcast stays taken (later ones join them) through the window.
    const state: { current: Promise<Outcome>; next: Deferred | null } = {
      current: run.then(
        (outcome) => this.afterWindow(state.next ? startedAt : null).then(() => outcome),
        (error: unknown) =>
          this.afterWindow(state.next ? startedAt : null).then(() => {
            throw error;
          }),
      ),
      next: null,
    };
    this.runs.set(podcastId, state);
    const after = () => {
      const next = state.next;
      if (!next || this.closed) {
        this.runs.delete(podcastId);
        next?.reject(new Error('the feeds service is shutting down'));
        return;
      }
      this.start(podcastId).then(next.resolve, next.reject);
    };
    state.current.then(after, after);
    return run;
  }

  /** Settles once the coalescing window after a run begun at `startedAt` has passed (at once for null). */
  private afterWindow(startedAt: number | null): Promise<void> {
    const windowMs = startedAt === null ? 0 : coalescingWindowMs(Date.now() - startedAt);
    if (this.closed || windowMs === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const end = () => {
        this.windows.delete(timer);
        resolve();
      };
      const timer = setTimeout(end, windowMs);
      this.windows.set(timer, end);
    });
  }

  private async sweep(): Promise<void> {
    if (this.closed || this.sweeping) return;
    this.sweeping = true;
    try {
      // One at a time: a backlog (an upgrade, a long outage) must not take every database connection.
      for (const podcastId of await this.feeds.findPodcastIdsNeedingUpdate(SWEEP_BATCH)) {
        if (this.closed) return;
        if (this.runs.has(podcastId)) continue;
        await this.schedule(podcastId).catch((error: unknown) => {
          this.logger.warn(`generating the feeds of podcast ${podcastId} failed: ${String(error)}`);
        });
      }
    } catch (error) {
      this.logger.warn(`looking for pending feed generations failed: ${String(error)}`);
    } finally {
      this.sweeping = false;
    }
  }
}
