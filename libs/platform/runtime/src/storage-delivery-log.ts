import { Inject, Injectable, Optional } from '@nestjs/common';
import { STORAGE_DELIVERIES_PER_EVENT, storageEvents, type StorageDelivery } from '@castbase/contracts';
import { BatchedEvents, MessageBus, type BatchedEventsOptions } from '@castbase/platform-messaging';
import type { StorageDeliveryReporter } from '@castbase/platform-storage';

export type StorageDeliveryLogOptions = BatchedEventsOptions;

export const STORAGE_DELIVERY_LOG_OPTIONS = Symbol('STORAGE_DELIVERY_LOG_OPTIONS');

export const DEFAULT_STORAGE_DELIVERY_LOG_OPTIONS: StorageDeliveryLogOptions = {
  flushIntervalMs: 250,
  batchSize: STORAGE_DELIVERIES_PER_EVENT,
  maxQueued: 20_000,
};

/**
 * The process's `StorageDeliveryReporter`: the `storage.object.delivered` events, batched (`BatchedEvents`).
 * `report` only appends to an in-memory queue, so no response waits for the bus; what is queued leaves every 250 ms,
 * or at once when a batch is full. At most once, published directly (the process serving `/storage` may own no
 * database, as the gateway does): a lost delivery leaves its download uncounted.
 */
@Injectable()
export class StorageDeliveryLog extends BatchedEvents<StorageDelivery> implements StorageDeliveryReporter {
  constructor(
    bus: MessageBus,
    @Optional() @Inject(STORAGE_DELIVERY_LOG_OPTIONS) options?: Partial<StorageDeliveryLogOptions>,
  ) {
    const settings = { ...DEFAULT_STORAGE_DELIVERY_LOG_OPTIONS, ...options };
    super(
      bus,
      { subject: storageEvents.objectsDelivered.subject, noun: 'storage deliveries' },
      { ...settings, batchSize: Math.min(settings.batchSize, STORAGE_DELIVERIES_PER_EVENT) },
    );
  }

  /** Queues one delivery; never waits and never throws. */
  report(delivery: StorageDelivery): void {
    this.add(delivery);
  }

  protected override payload(deliveries: StorageDelivery[]): { deliveries: StorageDelivery[] } {
    return { deliveries };
  }
}
