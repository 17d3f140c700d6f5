import { expandFeedRequests, feedRequestBatchSchema } from './feeds.js';

const podcastId = '5f0c7a52-4a4b-4d7e-9a38-2d6a1f3c9b11';

describe('feeds.feed.requested batches', () => {
  const batch = {
    startedAt: '2026-11-26T01:00:00.000Z',
    feeds: [
      { podcastId, variant: 'main' },
      { podcastId, variant: 'archive-2' },
    ],
    clients: [
      { userAgent: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)', ip: '203.0.113.7' },
      { userAgent: 'AntennaPod/3.5.0', ip: '2001:db8::1' },
    ],
    requests: [
      [0, 0, 0, 200, 55_453, 1, 1],
      [1, 1, 1_250, 304, 0, 2, 0],
    ],
  };

  it('expands each row into the request it stands for', () => {
    expect(expandFeedRequests(feedRequestBatchSchema.parse(batch))).toEqual([
      {
        podcastId,
        variant: 'main',
        at: '2026-11-26T01:00:00.000Z',
        status: 200,
        bytes: 55_453,
        encoding: 'gzip',
        cacheHit: true,
        userAgent: 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)',
        ip: '203.0.113.7',
      },
      {
        podcastId,
        variant: 'archive-2',
        at: '2026-11-26T01:00:01.250Z',
        status: 304,
        bytes: 0,
        encoding: 'br',
        cacheHit: false,
        userAgent: 'AntennaPod/3.5.0',
        ip: '2001:db8::1',
      },
    ]);
  });

  it('refuses a row that is not six non-negative integers and a 0 or 1, naming it', () => {
    for (const row of [
      [0, 0, 0, 200, 1, 0],
      [0, 0, 0, 200, 1, 0, 1, 1],
      [0, 0, -1, 200, 1, 0, 1],
      [0, 0, 1.5, 200, 1, 0, 1],
      [0, 0, 0, '200', 1, 0, 1],
      [0, 0, 0, 200, 1, 0, 2],
      [0, 0, 0, 200, 1, 0, true],
      { feed: 0 },
      null,
    ]) {
      const result = feedRequestBatchSchema.safeParse({ ...batch, requests: [[0, 0, 0, 200, 1, 0, 1], row] });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual([['requests', 1]]);
    }
  });

  it('refuses a batch without requests, or whose requests or feeds are not lists, with an issue and no exception', () => {
    for (const broken of [
      { requests: [] },
      { requests: 'none' },
      { requests: undefined },
      { feeds: 'none' },
    ]) {
      const result = feedRequestBatchSchema.safeParse({ ...batch, ...broken });
      expect(result.success).toBe(false);
      expect(result.error?.issues.length).toBeGreaterThan(0);
    }
  });

  it('refuses a row pointing past the feeds, the clients or the codings', () => {
    for (const row of [
      [2, 0, 0, 200, 1, 0, 1],
      [0, 2, 0, 200, 1, 0, 1],
      [0, 0, 0, 200, 1, 3, 1],
    ]) {
      const result = feedRequestBatchSchema.safeParse({ ...batch, requests: [row] });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['requests', 0]);
    }
  });
});
