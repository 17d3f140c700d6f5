import { expandFeedRequests, type EventEnvelope, type FeedRequestBatch } from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';
import { FeedRequestLog, type FeedRequestRecord } from './feed-request-log.js';

const PODCAST_A = '7b0b7b59-6d3c-4a0f-9f6e-3d0c0a9e1a11';
const PODCAST_B = '0f0e8c1c-2b7a-4d55-8a6b-5e4b8c2d9f30';
const OVERCAST = 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)';
const APPLE = 'Podcasts/1.0 CFNetwork/1408.0.4 Darwin/22.5.0';
const T0 = Date.parse('2026-11-28T10:00:00.000Z');

function aRecord(overrides: Partial<FeedRequestRecord>): FeedRequestRecord {
  return {
    podcastId: PODCAST_A,
    variant: 'main',
    atMs: T0,
    status: 200,
    bytes: 1000,
    contentEncoding: 'gzip',
    acceptEncoding: 'gzip',
    cacheHit: true,
    userAgent: OVERCAST,
    remoteAddress: '203.0.113.7',
    forwardedFor: undefined,
    ...overrides,
  };
}

describe('FeedRequestLog', () => {
  it('publishes each feed and each client once per batch, and every request as it was answered', async () => {
    const published: Array<EventEnvelope<unknown>> = [];
    const bus = {
      publish: async (envelope: EventEnvelope<unknown>) => void published.push(envelope),
    } as unknown as MessageBus;
    const log = new FeedRequestLog(bus, undefined, { batchSize: 100, flushIntervalMs: 60_000 });
    const records = [
      aRecord({}),
      aRecord({ atMs: T0 + 5, variant: 'recent' }),
      aRecord({ atMs: T0 + 6, podcastId: PODCAST_B }),
      aRecord({ atMs: T0 + 7, userAgent: APPLE }),
      aRecord({ atMs: T0 + 8, remoteAddress: '198.51.100.1' }),
      // A 304 stands for the coding the client's Accept-Encoding gets.
      aRecord({
        atMs: T0 + 9,
        status: 304,
        bytes: 0,
        contentEncoding: undefined,
        acceptEncoding: 'br, gzip',
      }),
      // No user agent is the empty one; an empty X-Forwarded-For is none.
      aRecord({ atMs: T0 + 10, userAgent: undefined, forwardedFor: '' }),
      aRecord({ atMs: T0 + 11, variant: 'recent', cacheHit: false }),
    ];
    for (const record of records) log.record(record);
    await log.onApplicationShutdown();

    expect(published).toHaveLength(1);
    const batch = published[0]!.payload as FeedRequestBatch;
    expect(batch.feeds).toEqual([
      { podcastId: PODCAST_A, variant: 'main' },
      { podcastId: PODCAST_A, variant: 'recent' },
      { podcastId: PODCAST_B, variant: 'main' },
    ]);
    expect(batch.clients).toEqual([
      { userAgent: OVERCAST, ip: '203.0.113.7' },
      { userAgent: APPLE, ip: '203.0.113.7' },
      { userAgent: OVERCAST, ip: '198.51.100.1' },
      { userAgent: '', ip: '203.0.113.7' },
    ]);
    expect(batch.requests.map(([feed, client]) => [feed, client])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [0, 2],
      [0, 0],
      [0, 3],
      [1, 0],
    ]);
    expect(expandFeedRequests(batch)).toEqual(
      records.map((record) => ({
        podcastId: record.podcastId,
        variant: record.variant,
        at: new Date(record.atMs).toISOString(),
        status: record.status,
        bytes: record.bytes,
        encoding: record.status === 304 ? 'br' : 'gzip',
        cacheHit: record.cacheHit,
        userAgent: record.userAgent ?? '',
        ip: record.remoteAddress,
      })),
    );
  });
});
