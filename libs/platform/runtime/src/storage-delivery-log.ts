import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { STORAGE_DELIVERIES_PER_EVENT, storageEvents, type StorageDelivery } from '@castbase/contracts';
import { MessageBus, newEventId } from '@castbase/platform-messaging';
import type { StorageDeliveryReporter } from '@castbase/platform-storage';

export interface StorageDeliveryLogOptions {
  /** A batch leaves at least this often while deliveries come in. */
  flushIntervalMs: number;
  /** A batch leaves as soon as this many deliveries wait. */
  batchSize: number;
  /** Deliveries kept while the bus is slow; beyond this they are dropped and counted. */
  maxQueued: number;
}

export const STORAGE_DELIVERY_LOG_OPTIONS = Symbol('STORAGE_DELIVERY_LOG_OPTIONS');

export const DEFAULT_STORAGE_DELIVERY_LOG_OPTIONS: StorageDeliveryLogOptions = {
  flushIntervalMs: 250,
  batchSize: STORAGE_DELIVERIES_PER_EVENT,
  maxQueued: 20_000,
};

/**
 * The process's `StorageDeliveryReporter`: the `storage.object.delivered` events, batched. `report` only appends to
 * an in-memory queue, so no response waits for the bus; a timer publishes what is queued every 250 ms, or at once
 * when a batch is full, one publish at a time. While the bus is slow the queue grows to `maxQueued`, then deliveries
 * are dropped and counted (a warning says how many). At most once, published directly (the process serving
 * `/storage` may own no database, as the gateway does): a lost delivery leaves its download uncounted.
 */
@Injectable()
export class StorageDeliveryLog implements StorageDeliveryReporter, OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('StorageDeliveryLog');
  private readonly options: StorageDeliveryLogOptions;
  private queue: StorageDelivery[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushScheduled = false;
  private publishing: Promise<void> | undefined;
  private droppedSinceWarning = 0;
  /** Deliveries dropped since the process started: the queue was full, or the bus refused a batch. */
  dropped = 0;
  /** Deliveries handed to the bus since the process started. */
  published = 0;

  constructor(
    private readonly bus: MessageBus,
    @Optional() @Inject(STORAGE_DELIVERY_LOG_OPTIONS) options?: Partial<StorageDeliveryLogOptions>,
  ) {
    this.options = { ...DEFAULT_STORAGE_DELIVERY_LOG_OPTIONS, ...options };
  }

  onModuleInit(): void {
    this.timer = setInterval(() => this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.flush();
    await this.publishing;
  }

  /** Queues one delivery; never waits and never throws. */
  report(delivery: StorageDelivery): void {
    if (this.queue.length >= this.options.maxQueued) {
      this.dropped += 1;
      this.droppedSinceWarning += 1;
      return;
    }
    this.queue.push(delivery);
    if (this.queue.length >= this.options.batchSize && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Starts publishing the queued deliveries in batches, unless a publish is already under way. */
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

  private async publishBatches(queued: StorageDelivery[]): Promise<void> {
    const size = Math.min(this.options.batchSize, STORAGE_DELIVERIES_PER_EVENT);
    for (let start = 0; start < queued.length; start += size) {
      const deliveries = queued.slice(start, start + size);
      const now = new Date();
      try {
        await this.bus.publish({
          id: newEventId(now.getTime()),
          subject: storageEvents.objectsDelivered.subject,
          occurredAt: now.toISOString(),
          payload: { deliveries },
        });
        this.published += deliveries.length;
      } catch (error) {
        this.dropped += deliveries.length;
        this.droppedSinceWarning += deliveries.length;
        this.logger.warn(
          `storage deliveries not published: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  private warnAboutDrops(): void {
    if (this.droppedSinceWarning === 0) return;
    this.logger.warn(
      `${this.droppedSinceWarning} storage deliveries dropped from the delivery events: the bus is not keeping up`,
    );
    this.droppedSinceWarning = 0;
  }
}
