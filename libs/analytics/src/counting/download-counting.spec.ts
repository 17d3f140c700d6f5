import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { Attribution } from '../attribution/index.js';
import {
  countDownloads,
  countDownloadsInSteps,
  downloadThreshold,
  type CountableRequest,
  type EpisodeFile,
} from './download-counting.js';
import { deliveredBytes, requestedBytes, type ByteRanges } from './requested-ranges.js';

const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
/** 6,000,000 bytes over 600 s: a minute is 600,000 bytes. */
const FILE: EpisodeFile = { sizeBytes: 6_000_000, durationSeconds: 600 };
const T0 = Date.parse('2026-11-20T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const key = (byte: number) => Buffer.alloc(16, byte);
const episodeId = randomUUID();
const podcastId = randomUUID();

function aRequest(overrides: Partial<CountableRequest> = {}): CountableRequest {
  return {
    id: randomUUID(),
    occurredAtMs: T0,
    podcastId,
    episodeId,
    ownerId: 'owner-a',
    listenerDay: key(1),
    listenerNext: key(2),
    addressDay: key(9),
    country: 'DE',
    userAgent: OVERCAST,
    rangeHeader: null,
    prefetch: false,
    source: null,
    ownStorage: false,
    delivered: null,
    ...overrides,
  };
}

function count(requests: CountableRequest[], file: EpisodeFile = FILE) {
  const { downloads, outcomes } = countDownloads(requests, file, new Attribution());
  return { downloads, outcomes: requests.map((request) => outcomes.get(request.id)) };
}

describe('requestedBytes', () => {
  it('reads whole files, open, closed, suffix and multiple ranges, and probes', () => {
    expect(requestedBytes(null, 1000)).toEqual({ kind: 'ranges', ranges: [[0, 1000]] });
    expect(requestedBytes('bytes=0-', 1000)).toEqual({ kind: 'ranges', ranges: [[0, 1000]] });
    expect(requestedBytes('bytes=100-199', 1000)).toEqual({ kind: 'ranges', ranges: [[100, 200]] });
    expect(requestedBytes('bytes=900-5000', 1000)).toEqual({ kind: 'ranges', ranges: [[900, 1000]] });
    expect(requestedBytes('bytes=-100', 1000)).toEqual({ kind: 'ranges', ranges: [[900, 1000]] });
    expect(requestedBytes('bytes=0-9, 20-29', 1000)).toEqual({
      kind: 'ranges',
      ranges: [
        [0, 10],
        [20, 30],
      ],
    });
    expect(requestedBytes('bytes=0-1', 1000)).toEqual({ kind: 'probe' });
    expect(requestedBytes('bytes=0-0', 1000)).toEqual({ kind: 'probe' });
    // What a server would ignore (and send the whole file for) is the whole file.
    expect(requestedBytes('items=0-10', 1000)).toEqual({ kind: 'ranges', ranges: [[0, 1000]] });
    expect(requestedBytes('bytes=abc', 1000)).toEqual({ kind: 'ranges', ranges: [[0, 1000]] });
    expect(requestedBytes('bytes=50-10', 1000)).toEqual({ kind: 'ranges', ranges: [[0, 1000]] });
    expect(requestedBytes(null, null)).toEqual({ kind: 'ranges', ranges: [[0, Number.POSITIVE_INFINITY]] });
  });
});

describe('deliveredBytes', () => {
  it('is the range the storage sent from its first byte, and nothing before a report or for an empty one', () => {
    const whole: ByteRanges = [[0, 6_000_000]];
    expect(deliveredBytes({ firstByte: 1000, bytesSent: 500, complete: true }, [[1000, 1500]])).toEqual([
      [1000, 1500],
    ]);
    expect(deliveredBytes({ firstByte: 0, bytesSent: 500, complete: false }, whole)).toEqual([[0, 500]]);
    expect(deliveredBytes({ firstByte: 0, bytesSent: 0, complete: false }, whole)).toEqual([]);
    expect(deliveredBytes(null, whole)).toEqual([]);
  });

  it('is the whole file for a request of the whole file whose response was sent to its end', () => {
    // The file was re-tagged after the redirect: the copy sent was 1,000 bytes shorter than the one known now.
    expect(deliveredBytes({ firstByte: 0, bytesSent: 5_999_000, complete: true }, [[0, 6_000_000]])).toEqual([
      [0, 6_000_000],
    ]);
  });
});

describe('downloadThreshold', () => {
  it('is a minute at the average bitrate, the whole file when shorter, any byte when the size is unknown', () => {
    expect(downloadThreshold(FILE)).toBe(600_000);
    expect(downloadThreshold({ sizeBytes: 400_000, durationSeconds: 40 })).toBe(400_000);
    expect(downloadThreshold({ sizeBytes: 400_000, durationSeconds: null })).toBe(400_000);
    expect(downloadThreshold({ sizeBytes: null, durationSeconds: 600 })).toBe(1);
  });
});

describe('countDownloads (IAB v2.2)', () => {
  it('counts one download per listener per rolling 24 hours from their first request', () => {
    const requests = [
      aRequest(),
      aRequest({ occurredAtMs: T0 + 5 * HOUR }),
      // The next UTC day: the listener's key of that day is the one their first request gave as listener_next.
      aRequest({ occurredAtMs: T0 + 24 * HOUR - 1, listenerDay: key(2), listenerNext: key(3) }),
      aRequest({ occurredAtMs: T0 + 24 * HOUR + 1, listenerDay: key(2), listenerNext: key(3) }),
    ];
    const { downloads, outcomes } = count(requests);
    expect(outcomes).toEqual(['counted', 'duplicate', 'duplicate', 'counted']);
    expect(downloads.map((download) => download.windowStartMs)).toEqual([T0, T0 + 24 * HOUR + 1]);
  });

  it('goes on from the windows a previous run left open', () => {
    const first = countDownloads([aRequest({ rangeHeader: 'bytes=0-299999' })], FILE, new Attribution());
    const second = countDownloads(
      [aRequest({ occurredAtMs: T0 + MINUTE, rangeHeader: 'bytes=300000-599999' })],
      FILE,
      new Attribution(),
      [...first.windows],
    );
    expect(first.downloads).toHaveLength(0);
    expect(second.downloads.map((download) => download.windowStartMs)).toEqual([T0]);
  });

  it('follows a listener across midnight by their next-day key, and tells listeners apart', () => {
    const lateNight = Date.parse('2026-11-20T23:50:00Z');
    const requests = [
      aRequest({ occurredAtMs: lateNight }),
      // 00:10 the next day: their key of that day is the one the first request gave as listener_next.
      aRequest({ occurredAtMs: lateNight + 20 * MINUTE, listenerDay: key(2), listenerNext: key(3) }),
      aRequest({ occurredAtMs: lateNight + 21 * MINUTE, listenerDay: key(5), listenerNext: key(6) }),
    ];
    expect(count(requests).outcomes).toEqual(['counted', 'duplicate', 'counted']);
  });

  it('leaves out probes, prefetches, requests without a user agent, bots and tools', () => {
    const requests = [
      aRequest({ rangeHeader: 'bytes=0-1' }),
      aRequest({ prefetch: true }),
      aRequest({ userAgent: '' }),
      aRequest({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }),
      aRequest({ userAgent: 'curl/8.5.0' }),
      aRequest({ rangeHeader: 'bytes=0-' }),
    ];
    const { downloads, outcomes } = count(requests);
    expect(outcomes).toEqual(['probe', 'prefetch', 'no-user-agent', 'bot', 'tool', 'counted']);
    expect(downloads).toHaveLength(1);
  });

  it('unites a window’s ranges until they cover a minute of audio, counting each byte once', () => {
    const requests = [
      aRequest({ rangeHeader: 'bytes=0-399999' }),
      aRequest({ occurredAtMs: T0 + 1, rangeHeader: 'bytes=0-399999' }),
      aRequest({ occurredAtMs: T0 + 2, rangeHeader: 'bytes=400000-599998' }),
      aRequest({ occurredAtMs: T0 + 3, rangeHeader: 'bytes=599999-1999999' }),
      aRequest({ occurredAtMs: T0 + 4, rangeHeader: 'bytes=2000000-' }),
    ];
    const { downloads, outcomes } = count(requests);
    expect(outcomes).toEqual(['partial', 'partial', 'partial', 'counted', 'duplicate']);
    expect(downloads[0]).toMatchObject({ countedAtMs: T0 + 3, windowStartMs: T0 });
  });

  it('takes the bytes Castbase’s own storage sent of a request it served, not the range it asked for', () => {
    const served = (overrides: Partial<CountableRequest>) => aRequest({ ownStorage: true, ...overrides });
    const requests = [
      // Asked for the whole file, sent 100,000 bytes before the listener went away.
      served({ delivered: { firstByte: 0, bytesSent: 100_000, complete: false } }),
      // No report yet: nothing sent as far as anyone knows.
      served({ occurredAtMs: T0 + 1 }),
      // Resumed further on: 100,000 + 500,000 bytes reach the minute.
      served({
        occurredAtMs: T0 + 2,
        rangeHeader: 'bytes=100000-',
        delivered: { firstByte: 100_000, bytesSent: 500_000, complete: false },
      }),
    ];
    const { downloads, outcomes } = count(requests);
    expect(outcomes).toEqual(['partial', 'partial', 'counted']);
    expect(downloads[0]).toMatchObject({ countedAtMs: T0 + 2, windowStartMs: T0 });
  });

  it('still leaves out a probe that Castbase’s own storage served, whatever it sent', () => {
    const probe = aRequest({
      ownStorage: true,
      rangeHeader: 'bytes=0-1',
      delivered: { firstByte: 0, bytesSent: 6_000_000, complete: true },
    });
    expect(count([probe]).outcomes).toEqual(['probe']);
  });

  it('counts a request redirected elsewhere (S3) by the range it asked for, as before', () => {
    expect(count([aRequest({ ownStorage: false, rangeHeader: 'bytes=0-599999' })]).outcomes).toEqual([
      'counted',
    ]);
  });

  it('counts a short file only when all of it was asked for, and any request of a file of unknown size', () => {
    const short = { sizeBytes: 400_000, durationSeconds: 40 };
    expect(count([aRequest({ rangeHeader: 'bytes=0-299999' })], short).outcomes).toEqual(['partial']);
    expect(count([aRequest({ rangeHeader: 'bytes=0-399999' })], short).outcomes).toEqual(['counted']);
    expect(
      count([aRequest({ rangeHeader: 'bytes=1000-2000' })], { sizeBytes: null, durationSeconds: null })
        .outcomes,
    ).toEqual(['counted']);
  });

  it('attributes a download to the app, device, OS, country and source of the request that completed it', () => {
    const { downloads } = count([
      aRequest(),
      aRequest({
        listenerDay: key(7),
        userAgent: 'de.danoeh.antennapod/1.7.3b (Linux;Android 8.0.0) ExoPlayerLib/2.9.3',
        country: null,
      }),
      aRequest({
        listenerDay: key(8),
        source: 'embed',
        userAgent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      }),
    ]);
    expect(
      downloads.map(({ app, device, os, country, source }) => ({ app, device, os, country, source })),
    ).toEqual([
      { app: 'Overcast', device: 'mobile', os: 'iOS', country: 'DE', source: 'Podcast app' },
      { app: 'AntennaPod', device: 'mobile', os: 'Android', country: null, source: 'Podcast app' },
      { app: 'Web Browser', device: 'desktop', os: 'Windows', country: 'DE', source: 'Embedded player' },
    ]);
  });
});

describe('countDownloadsInSteps', () => {
  it('counts exactly as one call does, whatever the step, windows carried from step to step', async () => {
    const lateNight = Date.parse('2026-11-20T23:50:00Z');
    const requests = [
      aRequest({ occurredAtMs: lateNight, rangeHeader: 'bytes=0-299999' }),
      aRequest({ occurredAtMs: lateNight + 1, listenerDay: key(5), listenerNext: key(6) }),
      aRequest({ occurredAtMs: lateNight + 2, userAgent: 'curl/8.5.0' }),
      // The first listener after midnight, by their next-day key: their window goes on and completes.
      aRequest({
        occurredAtMs: lateNight + 20 * MINUTE,
        listenerDay: key(2),
        listenerNext: key(3),
        rangeHeader: 'bytes=300000-599999',
      }),
      aRequest({ occurredAtMs: lateNight + 21 * MINUTE, listenerDay: key(6), listenerNext: key(10) }),
      aRequest({ occurredAtMs: lateNight + 22 * MINUTE, rangeHeader: 'bytes=0-1' }),
      // The listener of the window left open before these requests, after midnight.
      aRequest({ occurredAtMs: lateNight + 30 * MINUTE, listenerDay: key(8), listenerNext: key(11) }),
      // A day after their first request: a new window and a new download.
      aRequest({ occurredAtMs: lateNight + 24 * HOUR, listenerDay: key(2), listenerNext: key(3) }),
    ];
    const open = countDownloads(
      [aRequest({ occurredAtMs: lateNight - HOUR, listenerDay: key(7), listenerNext: key(8) })],
      FILE,
      new Attribution(),
    ).windows;
    const whole = countDownloads(requests, FILE, new Attribution(), [...open]);
    expect(whole.downloads.map((download) => download.requestId)).toEqual(
      [requests[1], requests[3], requests[7]].map((request) => request!.id),
    );
    for (const step of [1, 2, 3, 1_000]) {
      const inSteps = await countDownloadsInSteps(requests, FILE, new Attribution(), [...open], step);
      expect(inSteps.downloads).toEqual(whole.downloads);
      expect([...inSteps.windows]).toEqual([...whole.windows]);
    }
  });
});
