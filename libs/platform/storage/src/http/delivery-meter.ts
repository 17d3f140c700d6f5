import type { ServerResponse } from 'node:http';
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream';
import type { StorageDelivery } from '@castbase/contracts';

/**
 * Where the storage tells what it sent of responses whose URL carried a delivery reference. Optional: a process
 * that gives `StorageModule.forRoot` none serves its files unmeasured (and its URLs say so: `readUrl`). `report` is
 * called on the serving path: it must only queue, never wait, never throw.
 */
export abstract class StorageDeliveryReporter {
  abstract report(delivery: StorageDelivery): void;
}

/** A long response is also reported once while it streams, this long after it started. */
export const INTERIM_DELIVERY_REPORT_MS = 60_000;

export interface MeteredResponse {
  reference: string;
  /** The body's first byte in the object: the Content-Range start, 0 for the whole object. */
  firstByte: number;
  /** The body's length (Content-Length). */
  length: number;
}

/**
 * The body, counted as the response writes it: when the response closes (finished or cut off by the client), and
 * once after `interimAfterMs` while it still streams, the reporter hears how many of its bytes were written to the
 * connection. Bytes the response still buffered when the client went away are not counted; those the operating
 * system had taken are (they left the process). The count only adds a few numbers to each chunk: reporting never
 * slows or breaks the response. A response the client cut off also stops reading the file.
 */
export function meterDelivery(
  body: Readable,
  response: ServerResponse,
  delivery: MeteredResponse,
  reporter: StorageDeliveryReporter,
  interimAfterMs = INTERIM_DELIVERY_REPORT_MS,
): Readable {
  let handed = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      handed += chunk.length;
      done(null, chunk);
    },
  });
  // An error of the file reaches the response through `counted`, as it would have through `body`.
  pipeline(body, counted, () => undefined);

  const sent = (): number =>
    Math.min(
      delivery.length,
      Math.max(0, handed - (response.writableFinished ? 0 : response.writableLength)),
    );
  const report = (complete: boolean): void => {
    const bytesSent = complete ? handed : sent();
    if (bytesSent === 0 && !complete) return;
    try {
      reporter.report({ reference: delivery.reference, firstByte: delivery.firstByte, bytesSent, complete });
    } catch {
      // The listener's response comes first; a delivery that cannot be queued is not counted.
    }
  };
  const interim = setTimeout(() => report(false), interimAfterMs);
  interim.unref();
  response.once('close', () => {
    clearTimeout(interim);
    const complete = response.writableFinished && handed === delivery.length;
    report(complete);
    if (!complete) counted.destroy();
  });
  return counted;
}
