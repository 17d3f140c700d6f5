import { randomBytes, randomInt } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * A UUIDv7 (RFC 9562): 48-bit millisecond timestamp, then a 12-bit counter that keeps ids made in one process
 * strictly increasing even within a millisecond, then random bits. Event ids are made this way so ordering
 * outbox rows by id is ordering them by creation.
 */
export function newEventId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomInt(0, 0x400);
  } else if (++counter > 0xfff) {
    lastMs++;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
