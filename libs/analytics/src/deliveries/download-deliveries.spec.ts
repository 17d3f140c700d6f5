import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { requestIdAt, requestTimeOf } from '../downloads/download-request-row.js';
import { downloadDeliveries } from './download-deliveries.js';

const NOW = Date.parse('2026-11-28T10:00:00.123Z');

describe('request ids as delivery references', () => {
  it('are UUIDv7 whose time is the request’s millisecond, read back from the id alone', () => {
    const id = requestIdAt(NOW);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestTimeOf(id)).toBe(NOW);
    expect(requestIdAt(NOW)).not.toBe(id);
  });

  it('reads no time from anything else: a UUIDv4, a truncated or upper-case id', () => {
    expect(requestTimeOf(randomUUID())).toBeNull();
    expect(requestTimeOf(requestIdAt(NOW).slice(0, 35))).toBeNull();
    expect(requestTimeOf('not an id')).toBeNull();
  });
});

describe('downloadDeliveries', () => {
  const delivery = (reference: string, bytesSent: number, complete = false) => ({
    reference,
    firstByte: 0,
    bytesSent,
    complete,
  });

  it('keeps, per request, the report that sent the most bytes, with the request’s time from its id', () => {
    const id = requestIdAt(NOW - 60_000);
    expect(
      downloadDeliveries([delivery(id, 700_000), delivery(id, 2_000_000, true), delivery(id, 10)], NOW),
    ).toEqual([
      { requestId: id, requestedAtMs: NOW - 60_000, firstByte: 0, bytesSent: 2_000_000, complete: true },
    ]);
  });

  it('leaves out references that no request id can be: another UUID version, or a time not come yet', () => {
    const ahead = requestIdAt(NOW + 10 * 60_000);
    const fine = requestIdAt(NOW + 1_000);
    expect(
      downloadDeliveries([delivery(randomUUID(), 5), delivery(ahead, 5), delivery(fine, 5)], NOW).map(
        (kept) => kept.requestId,
      ),
    ).toEqual([fine]);
  });
});
