import { requestIdAt, requestTimeOf, toCopyLine, type DownloadRequestRow } from './download-request-row.js';

const T0 = Date.parse('2026-11-28T10:00:00.123Z');

function aRow(occurredAtMs: number): DownloadRequestRow {
  return {
    id: requestIdAt(occurredAtMs),
    occurredAtMs,
    podcastId: 'f06a588f-a427-4f34-b338-c5163fec3f85',
    episodeId: '2ad66063-f7a8-4a06-9137-63d428d72a68',
    ownerId: 'owner',
    listenerDay: 'a'.repeat(32),
    listenerNext: 'b'.repeat(32),
    addressDay: 'c'.repeat(32),
    country: null,
    userAgent: 'Podcasts/4022.610.1 CFNetwork/1408.0.4 Darwin/22.5.0',
    referrer: null,
    rangeHeader: null,
    prefetch: false,
    source: null,
    ownStorage: false,
  };
}

describe('download request rows', () => {
  it('gives every request its own id, whose time is its own millisecond, however their times alternate', () => {
    const times = [T0, T0, T0 + 1, T0, T0 + 86_400_000, T0 + 1, T0 + 1];
    const ids = times.map((time) => requestIdAt(time));
    expect(new Set(ids).size).toBe(times.length);
    expect(ids.map((id) => requestTimeOf(id))).toEqual(times);
  });

  it('makes ids that are UUIDv7s, all different within a millisecond, with their random digits and variant spread', () => {
    // More than one draw of random bytes (4 KB, 409 ids).
    const ids = Array.from({ length: 10_000 }, () => requestIdAt(T0));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
    for (const position of [15, 22, 35]) expect(new Set(ids.map((id) => id[position])).size).toBe(16);
    expect(ids.every((id) => requestTimeOf(id) === T0)).toBe(true);
  });

  it('writes each row with its own time, however their times alternate', () => {
    const times = [T0, T0 + 1, T0, T0, T0 + 1000];
    const columns = times.map((time) => toCopyLine(aRow(time)).split('\t'));
    expect(columns.map((column) => column[1])).toEqual(times.map((time) => new Date(time).toISOString()));
    expect(columns.map((column) => requestTimeOf(column[0]!))).toEqual(times);
  });
});
