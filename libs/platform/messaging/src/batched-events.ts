import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { MessageBus } from './message-bus.js';
import { newEventId } from './outbox/event-id.js';

export interface BatchedEventsOptions {
  /** A batch leaves at least this often while items come in. */
  flushIntervalMs: number;
  /** A batch leaves as soon as this many items wait. */
  batchSize: number;
  /** Items kept while the bus is slow; beyond this they are dropped and counted. */
  maxQueued: number;
}

/** What the batches are: the event's subject and the items' name for the logs. */
export interface BatchedEventsKind {
  subject: string;
  /** e.g. 'feed requests', in 'feed requests not published: …'. */
  noun: string;
}

/**
 * Log events of a hot path, batched: `add` only appends to an in-memory queue, so no response waits for the bus; a
 * timer publishes what is queued every `flushIntervalMs`, or at once when a batch is full, one publish at a time.
 * While the bus is slow the queue grows to `maxQueued`, then items are dropped and counted (a warning says how many).
 * At most once, published directly rather than through an outbox: the process may own no database, and a lost batch
 * is a gap in a log, not a lost decision. A Nest provider extends it (the hooks start and stop the timer) and says
 * how a batch becomes the event's payload. Used by the feeds' request log and the storage's delivery log.
 */
export abstract class BatchedEvents<Item> implements OnModuleInit, OnApplicationShutdown {
  private readonly logger: Logger;
  private queue: Item[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushScheduled = false;
  private publishing: Promise<void> | undefined;
  private droppedSinceWarning = 0;
  /** Items dropped since the process started: the queue was full, or the bus refused a batch. */
  dropped = 0;
  /** Items handed to the bus since the process started. */
  published = 0;

  constructor(
    private readonly bus: MessageBus,
    private readonly kind: BatchedEventsKind,
    private readonly options: BatchedEventsOptions,
  ) {
    this.logger = new Logger(new.target.name);
  }

  /** The event's payload for a batch of items. */
  protected abstract payload(items: Item[]): unknown;

  onModuleInit(): void {
    this.timer = setInterval(() => this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  /** Publishes what is queued and waits for it. */
  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.flush();
    await this.publishing;
  }

  /** Items queued and not yet handed to the bus. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Queues one item; never waits and never throws. */
  add(item: Item): void {
    if (this.queue.length >= this.options.maxQueued) {
      this.dropped += 1;
      this.droppedSinceWarning += 1;
      return;
    }
    this.queue.push(item);
    if (this.queue.length >= this.options.batchSize && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Starts publishing the queued items in batches, unless a publish is already under way. */
  flush(): void {
    this.flushScheduled = false;
    this.warnAboutDrops();
    if (this.publishing || this.queue.length === 0) return;
    const queued = this.queue;
    this.queue = [];
    this.publishing = this.publishBatches(queued).finally(() => {
      this.publishing = undefined;
      if (this.queue.length >= this.options.batchSize) this.flush();
    });
  }

  private async publishBatches(queued: Item[]): Promise<void> {
    for (let start = 0; start < queued.length; start += this.options.batchSize) {
      const batch = queued.slice(start, start + this.options.batchSize);
      const now = new Date();
      try {
        await this.bus.publish({
          id: newEventId(now.getTime()),
          subject: this.kind.subject,
          occurredAt: now.toISOString(),
          payload: this.payload(batch),
        });
        this.published += batch.length;
      } catch (error) {
        this.dropped += batch.length;
        this.droppedSinceWarning += batch.length;
        this.logger.warn(
          `${this.kind.noun} not published: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  private warnAboutDrops(): void {
    if (this.droppedSinceWarning === 0) return;
    this.logger.warn(
      `${this.droppedSinceWarning} ${this.kind.noun} dropped from their events: the bus is not keeping up`,
    );
    this.droppedSinceWarning = 0;
  }
}
