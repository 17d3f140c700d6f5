import { z } from 'zod';
import { defineEvent } from '../messaging/definitions.js';

/**
 * The query parameter that carries a delivery reference on a URL of the product's own storage (`/storage/<key>?d=`).
 * The enclosure redirect adds it when the storage serves the media itself; the storage then reports what it sent.
 */
export const DELIVERY_REFERENCE_PARAMETER = 'd';

/**
 * The shape of a delivery reference: a UUID (the enclosure redirect uses its download request's id, a UUIDv7). The
 * storage reports only references of this shape; what a reference names is for its reader to find (a forged one names
 * nothing).
 */
export const DELIVERY_REFERENCE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A delivery reference as the storage accepts it from a URL; anything else is not reported. */
export function isDeliveryReference(value: unknown): value is string {
  return typeof value === 'string' && value.length === 36 && DELIVERY_REFERENCE.test(value);
}

const byteCount = z.number().int().nonnegative();

/**
 * What the storage sent of one response to a GET carrying a delivery reference: its body's bytes from `firstByte`
 * (the Content-Range start; 0 for a whole object), `bytesSent` of them written to the connection, and whether the
 * response finished (`complete`) or is still under way or was cut off by the listener.
 */
export const storageDeliverySchema = z.object({
  reference: z.string().regex(DELIVERY_REFERENCE),
  firstByte: byteCount,
  bytesSent: byteCount,
  complete: z.boolean(),
});
export type StorageDelivery = z.infer<typeof storageDeliverySchema>;

/** Deliveries per event at most (a batch also leaves every 250 ms). */
export const STORAGE_DELIVERIES_PER_EVENT = 500;

export const storageDeliveryBatchSchema = z.object({
  deliveries: z.array(storageDeliverySchema).min(1).max(STORAGE_DELIVERIES_PER_EVENT),
});
export type StorageDeliveryBatch = z.infer<typeof storageDeliveryBatchSchema>;

export const storageEvents = {
  /**
   * Bytes the product's own storage (the filesystem one) sent of responses whose URL carried a delivery reference,
   * batched: the serving path only queues them and a timer publishes them (every 250 ms, or at once when 500 wait),
   * at most once, so no response waits for the bus. Each response is reported when it closes, and once more while it
   * streams after a minute. Published by whichever process serves `/storage`; analytics counts downloads from them.
   */
  objectsDelivered: defineEvent('storage.object.delivered', storageDeliveryBatchSchema),
} as const;
