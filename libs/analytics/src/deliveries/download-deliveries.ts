import type { StorageDelivery } from '@castbase/contracts';
import { requestTimeOf } from '../downloads/download-request-row.js';

/** A reference whose time is further ahead than this names no request made yet: forged, not stored. */
const MAX_CLOCK_SKEW_MS = 5 * 60_000;

/** One `download_deliveries` row: the most a response to the request sent, by the storage's report. */
export interface DownloadDelivery {
  requestId: string;
  /** The request's `occurred_at`, read from its id. */
  requestedAtMs: number;
  firstByte: number;
  bytesSent: number;
  complete: boolean;
}

/**
 * The deliveries of a `storage.object.delivered` batch worth storing: each reference a request id (a UUIDv7 made by
 * the enclosure redirect, `requestIdAt`) of a time not ahead of `nowMs`, and per request the report that sent the
 * most bytes (a response reported while it streamed and again when it closed, or two responses to one URL). A
 * malformed or forged reference is left out; one of the right shape that names no request is stored and matches
 * nothing (it goes with retention).
 */
export function downloadDeliveries(
  deliveries: readonly StorageDelivery[],
  nowMs: number,
): DownloadDelivery[] {
  const byRequest = new Map<string, DownloadDelivery>();
  for (const delivery of deliveries) {
    const requestId = delivery.reference.toLowerCase();
    const requestedAtMs = requestTimeOf(requestId);
    if (requestedAtMs === null || requestedAtMs > nowMs + MAX_CLOCK_SKEW_MS) continue;
    const known = byRequest.get(requestId);
    if (known && known.bytesSent >= delivery.bytesSent) continue;
    byRequest.set(requestId, {
      requestId,
      requestedAtMs,
      firstByte: delivery.firstByte,
      bytesSent: delivery.bytesSent,
      complete: delivery.complete,
    });
  }
  return [...byRequest.values()];
}
