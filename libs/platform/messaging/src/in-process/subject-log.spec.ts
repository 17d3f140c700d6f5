import { describe, expect, it } from '@jest/globals';
import { SubjectLog } from './in-process-consumer-group.js';

const payload = (bytes: number) => new Uint8Array(bytes);
const seqs = (log: SubjectLog) => log.entries.map((entry) => entry.seq);

describe("the in-process bus's retained log of a subject", () => {
  it('drops the oldest messages past the message limit', () => {
    const log = new SubjectLog(3);
    for (let i = 0; i < 5; i++) log.append(payload(10), {});
    expect(seqs(log)).toEqual([3, 4, 5]);
    expect(log.from(1)?.seq).toBe(3);
  });

  it('drops the oldest messages past the byte limit, however few they are', () => {
    const log = new SubjectLog(10_000, 100);
    for (let i = 0; i < 5; i++) log.append(payload(40), {});
    expect(seqs(log)).toEqual([4, 5]);
    log.append(payload(90), {});
    expect(seqs(log)).toEqual([6]);
  });

  it('keeps the newest message even when it alone is over the byte limit', () => {
    const log = new SubjectLog(10_000, 100);
    log.append(payload(10), {});
    log.append(payload(500), {});
    expect(seqs(log)).toEqual([2]);
    expect(log.from(2)?.data.byteLength).toBe(500);
  });
});
