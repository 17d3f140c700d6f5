import { booleanFlag } from '@castbase/platform-config';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { MessageBus } from '../message-bus.js';
import { onOutboxCommitted } from './outbox-commit-listener.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { defaultLogger } from '../default-logger.js';

export interface OutboxRelayOptions {
  /** The service whose schema holds the outbox (for logs). */
  service: string;
  /** Poll interval, the safety net behind nudges. Default 2000. */
  intervalMs?: number;
  /** Rows locked and published per transaction. Default 100. */
  batchSize?: number;
  /**
   * Test-only: leave rows unpublished until `release()`. Default: from `OUTBOX_RELAY_HOLD` in the environment, true
   * (true/1/yes, as the config reads it) for every service, or a comma-separated list of the services held.
   */
  hold?: boolean;
  /** Backoff after a failed publish: first delay, doubling up to the maximum. Defaults 500 and 30 000. */
  retryInitialDelayMs?: number;
  retryMaxDelayMs?: number;
  /** Published rows older than this are deleted (checked hourly). Default 7 days. */
  retainPublishedMs?: number;
  logger?: Logger;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Whether `OUTBOX_RELAY_HOLD` holds the relay of `service`: true for all, or a list naming it. */
function isHeldByEnvironment(service: string, setting = ''): boolean {
  if (booleanFlag.safeParse(setting).data === true) return true;
  return setting
    .split(',')
    .map((name) => name.trim())
    .includes(service);
}

/**
 * Publishes a service's outbox: rows not yet published, oldest first, locked with `FOR UPDATE SKIP LOCKED` so
 * replicas never take the same rows, marked published in the same transaction. At least once: a crash between
 * publishing and committing publishes again (NATS drops the repeat within its duplicate window by event id,
 * consumers are idempotent beyond it). Runs on an interval, on `nudge()`, and right after a commit that wrote
 * outbox rows; after a bus failure it backs off.
 */
export class OutboxRelay {
  private readonly logger: Logger;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private heldBack: boolean;
  private started = false;
  private timer: NodeJS.Timeout | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private rerun = false;
  private failures = 0;
  private backoffUntil = 0;
  private lastPrune = 0;
  private unlisten: (() => void) | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    private readonly options: OutboxRelayOptions,
  ) {
    this.logger = (options.logger ?? defaultLogger('outbox-relay')).child({ service: options.service });
    this.intervalMs = options.intervalMs ?? 2_000;
    this.batchSize = options.batchSize ?? 100;
    this.heldBack = options.hold ?? isHeldByEnvironment(options.service, process.env['OUTBOX_RELAY_HOLD']);
  }

  get held(): boolean {
    return this.heldBack;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unlisten = onOutboxCommitted(this.em, () => this.nudge());
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops the interval and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.started = false;
    this.unlisten?.();
    clearInterval(this.timer);
    clearTimeout(this.retryTimer);
    await this.running;
  }

  /** Asks for a pass now (ignored while held or backing off after a failure). */
  nudge(): void {
    this.kick();
  }

  /** Resolves when no pass is in progress (a held relay has none). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  hold(): void {
    this.heldBack = true;
  }

  release(): void {
    this.heldBack = false;
    this.kick();
  }

  /** Publishes everything pending now, batch after batch. Resolves with the count; rejects on a bus failure. */
  async publishPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, more, failure } = await this.publishBatch();
      total += published;
      if (failure) throw failure;
      if (!more) return total;
    }
  }

  private kick(): void {
    if (!this.started || this.heldBack || Date.now() < this.backoffUntil) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.rerun) {
        this.rerun = false;
        this.kick();
      }
    });
  }

  private async pass(): Promise<void> {
    try {
      const published = await this.publishPending();
      if (published > 0) this.logger.debug({ published }, 'outbox relayed');
      if (this.failures > 0) this.logger.info({ afterFailures: this.failures }, 'outbox relay recovered');
      this.failures = 0;
      await this.pruneIfDue();
    } catch (error) {
      this.failures++;
      const initial = this.options.retryInitialDelayMs ?? 500;
      const delay = Math.min(initial * 2 ** (this.failures - 1), this.options.retryMaxDelayMs ?? 30_000);
      this.backoffUntil = Date.now() + delay;
      this.logger.warn(
        { err: error, failures: this.failures, retryInMs: delay },
        'outbox relay failed; backing off',
      );
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => {
        this.backoffUntil = 0;
        this.kick();
      }, delay);
      this.retryTimer.unref();
    }
  }

  private async publishBatch(): Promise<{ published: number; more: boolean; failure?: Error }> {
    return this.em.fork({ disableContextResolution: true }).transactional(async (em) => {
      const rows = await em.find(
        OutboxMessage,
        { publishedAt: null },
        { orderBy: { id: 'asc' }, limit: this.batchSize, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      let published = 0;
      for (const row of rows) {
        try {
          const envelope = {
            id: row.id,
            subject: row.subject,
            occurredAt: row.occurredAt.toISOString(),
            payload: row.payload,
          };
          await this.bus.publish(envelope, { headers: row.headers });
          row.publishedAt = new Date();
          published++;
        } catch (failure) {
          // Keep order: stop at the first failure; this row stays first in line.
          row.attempts++;
          row.lastError = failure instanceof Error ? failure.message : String(failure);
          return {
            published,
            more: false,
            failure: failure instanceof Error ? failure : new Error(String(failure)),
          };
        }
      }
      return { published, more: rows.length === this.batchSize };
    });
  }

  private async pruneIfDue(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const cutoff = new Date(now - (this.options.retainPublishedMs ?? 7 * 24 * 60 * 60 * 1000));
    const deleted = await this.em
      .fork({ disableContextResolution: true })
      .nativeDelete(OutboxMessage, { publishedAt: { $lt: cutoff } });
    if (deleted > 0) this.logger.debug({ deleted }, 'pruned published outbox rows');
  }
}
