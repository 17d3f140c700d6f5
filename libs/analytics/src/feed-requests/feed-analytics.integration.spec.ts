import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  analyticsRequests,
  analyticsTimeRangeMessages,
  DAY_MS,
  feedAnalyticsSchema,
  feedsEvents,
  FEED_REQUEST_ENCODINGS,
  HOUR_MS,
  startOfUtcDay,
  type AnalyticsTimeRange,
  type FeedRequestBatch,
  type FeedRequestEncoding,
} from '@castbase/contracts';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';

// Real user agents and addresses of real networks, each placed by the bundled country database:
// 81.2.69.142 (GB), 2003:e0::/64 (Deutsche Telekom, DE), 200.160.0.8 (NIC.br, BR), 133.11.0.1 (University of Tokyo,
// JP), 8.8.8.8 and 2001:4860:4860::8888 (Google, US), 66.249.66.1 (Googlebot), 1.1.1.1, 185.60.216.35.
const APPLE_PODCASTS = 'Podcasts/1.1.0.1046 CFNetwork/1498.700.2 Darwin/23.6.0';
const ANTENNAPOD = 'AntennaPod/3.5.0';
const PODCAST_ADDICT = 'PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app)';
const POCKET_CASTS_PARSER = 'PocketCasts/1.0 (Pocket Casts Feed Parser; +http://pocketcasts.com/)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const overcastSync = (subscribers: number, feedId: string) =>
  `Overcast/1.0 Podcast Sync (${subscribers} subscribers; feed-id=${feedId}; +http://overcast.fm/)`;
const feedly = (subscribers: number) =>
  `Feedly/1.0 (+http://www.feedly.com/fetcher.html; ${subscribers} subscribers; like FeedFetcher-Google)`;

interface Request {
  podcastId: string;
  at: Date;
  userAgent: string;
  ip: string;
  status: number;
  bytes: number;
  encoding?: FeedRequestEncoding;
}

/** A `feeds.feed.requested` batch as the feeds service builds it: each feed and client once, requests as numbers. */
function batchOf(requests: readonly Request[]): FeedRequestBatch {
  const startedAt = Math.min(...requests.map((request) => request.at.getTime()));
  const feeds: FeedRequestBatch['feeds'] = [];
  const clients: FeedRequestBatch['clients'] = [];
  const indexOf = <T>(list: T[], item: T, same: (a: T) => boolean) => {
    const found = list.findIndex(same);
    return found >= 0 ? found : list.push(item) - 1;
  };
  return {
    startedAt: new Date(startedAt).toISOString(),
    feeds,
    clients,
    requests: requests.map((request) => [
      indexOf(
        feeds,
        { podcastId: request.podcastId, variant: 'main' },
        (feed) => feed.podcastId === request.podcastId,
      ),
      indexOf(
        clients,
        { userAgent: request.userAgent, ip: request.ip },
        (client) => client.userAgent === request.userAgent && client.ip === request.ip,
      ),
      request.at.getTime() - startedAt,
      request.status,
      request.bytes,
      FEED_REQUEST_ENCODINGS.indexOf(request.encoding ?? 'gzip'),
      0,
    ]),
  };
}

describe("analytics service: a podcast's feed analytics from the feeds service's feed-request events", () => {
  let analytics: AnalyticsTestApp;
  const ownerId = 'owner-feed';
  const viewerId = 'viewer-feed';
  const podcastId = randomUUID();
  const otherPodcastId = randomUUID();
  const today = startOfUtcDay(new Date()).getTime();
  const at = (daysAgo: number, hour: number, minute = 0) =>
    new Date(today - daysAgo * DAY_MS + hour * HOUR_MS + minute * 60_000);

  const ask = (timeRange: AnalyticsTimeRange, userId = ownerId, podcast = podcastId) =>
    analytics.bus.request(analyticsRequests.getFeedAnalytics, { userId, podcastId: podcast, timeRange });

  // Two days ago: Apple Podcasts from GB twice (the second a 304), from DE and from another address of the same
  // IPv6 /64 (one fetcher), AntennaPod from BR, Overcast's sync (123 subscribers), Feedly (450), Googlebot; another
  // podcast's request in the same batch.
  const twoDaysAgo: Request[] = [
    { podcastId, at: at(2, 9, 0), userAgent: APPLE_PODCASTS, ip: '81.2.69.142', status: 200, bytes: 50_000 },
    { podcastId, at: at(2, 9, 10), userAgent: APPLE_PODCASTS, ip: '81.2.69.142', status: 304, bytes: 0 },
    { podcastId, at: at(2, 9, 20), userAgent: APPLE_PODCASTS, ip: '2003:e0::1', status: 200, bytes: 50_000 },
    { podcastId, at: at(2, 9, 30), userAgent: APPLE_PODCASTS, ip: '2003:e0::abcd', status: 304, bytes: 0 },
    {
      podcastId,
      at: at(2, 14, 0),
      userAgent: ANTENNAPOD,
      ip: '200.160.0.8',
      status: 200,
      bytes: 60_000,
      encoding: 'identity',
    },
    {
      podcastId,
      at: at(2, 14, 5),
      userAgent: overcastSync(123, '456789'),
      ip: '8.8.8.8',
      status: 200,
      bytes: 40_000,
    },
    {
      podcastId,
      at: at(2, 14, 10),
      userAgent: feedly(450),
      ip: '2001:4860:4860::8888',
      status: 200,
      bytes: 40_000,
    },
    { podcastId, at: at(2, 20, 0), userAgent: GOOGLEBOT, ip: '66.249.66.1', status: 200, bytes: 60_000 },
    {
      podcastId: otherPodcastId,
      at: at(2, 21, 0),
      userAgent: APPLE_PODCASTS,
      ip: '81.2.69.142',
      status: 200,
      bytes: 9_999,
    },
  ];
  // Yesterday: Apple Podcasts from GB and DE (304s), Podcast Addict from JP, Overcast's sync now at 130, Feedly at
  // 457, a request without a User-Agent and Pocket Casts' feed parser.
  const yesterday: Request[] = [
    { podcastId, at: at(1, 9, 0), userAgent: APPLE_PODCASTS, ip: '81.2.69.142', status: 304, bytes: 0 },
    { podcastId, at: at(1, 9, 15), userAgent: PODCAST_ADDICT, ip: '133.11.0.1', status: 200, bytes: 50_000 },
    { podcastId, at: at(1, 9, 20), userAgent: APPLE_PODCASTS, ip: '2003:e0::1', status: 304, bytes: 0 },
    {
      podcastId,
      at: at(1, 14, 0),
      userAgent: overcastSync(130, '456789'),
      ip: '8.8.8.8',
      status: 304,
      bytes: 0,
    },
    {
      podcastId,
      at: at(1, 14, 30),
      userAgent: feedly(457),
      ip: '2001:4860:4860::8888',
      status: 200,
      bytes: 40_000,
    },
    { podcastId, at: at(1, 20, 0), userAgent: '', ip: '1.1.1.1', status: 200, bytes: 60_000 },
    {
      podcastId,
      at: at(1, 20, 30),
      userAgent: POCKET_CASTS_PARSER,
      ip: '185.60.216.35',
      status: 200,
      bytes: 45_000,
    },
  ];
  // Forty days ago, outside 30 Days: AntennaPod from BR and Overcast's sync of another of its feed ids (90).
  const fortyDaysAgo: Request[] = [
    { podcastId, at: at(40, 9, 0), userAgent: ANTENNAPOD, ip: '200.160.0.8', status: 200, bytes: 70_000 },
    {
      podcastId,
      at: at(40, 9, 30),
      userAgent: overcastSync(90, '111'),
      ip: '8.8.8.8',
      status: 200,
      bytes: 40_000,
    },
  ];

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics_feed');
    analytics.catalogPodcasts.set(podcastId, { ownerId, privateToken: null });
    analytics.catalogPodcasts.set(otherPodcastId, { ownerId, privateToken: null });
    analytics.contributorRoles.set(podcastId, new Map([[viewerId, 'viewer']]));
    for (const requests of [fortyDaysAgo, twoDaysAgo, yesterday])
      await analytics.deliver(feedsEvents.feedsRequested, batchOf(requests));
  });

  afterAll(async () => {
    await analytics?.close();
  });

  it('keeps no address: a country, the day key of 16 bytes, and the attribution of each request', async () => {
    const rows = await analytics.rows(
      `select * from analytics.feed_requests where podcast_id = ? order by requested_at`,
      [podcastId],
    );
    expect(rows).toHaveLength(fortyDaysAgo.length + twoDaysAgo.length - 1 + yesterday.length);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'aggregator',
        'aggregator_feed',
        'aggregator_subscribers',
        'app',
        'app_kind',
        'bytes',
        'cache_hit',
        'country',
        'encoding',
        'fetcher',
        'filtered',
        'podcast_id',
        'requested_at',
        'status',
        'variant',
      ].sort(),
    );
    const stored = JSON.stringify(rows);
    for (const ip of ['81.2.69.142', '2003:e0::1', '200.160.0.8', '8.8.8.8', '66.249.66.1'])
      expect(stored).not.toContain(ip);
    for (const row of rows) expect((row['fetcher'] as Buffer).length).toBe(16);

    const [first, second, fromDe, sameSlash64] = rows.slice(fortyDaysAgo.length);
    expect(first).toMatchObject({
      app: 'Apple Podcasts',
      app_kind: 'app',
      filtered: false,
      country: 'GB',
      status: 200,
    });
    expect(second!['fetcher']).toEqual(first!['fetcher']);
    expect(sameSlash64).toMatchObject({ country: 'DE', encoding: 'gzip', variant: 'main', cache_hit: false });
    expect(sameSlash64!['fetcher']).toEqual(fromDe!['fetcher']);
    expect(fromDe!['fetcher']).not.toEqual(first!['fetcher']);

    const overcast = rows.find(
      (row) => row['aggregator'] === 'Overcast' && row['aggregator_subscribers'] === 123,
    );
    expect(overcast).toMatchObject({ app: 'Overcast', filtered: true, aggregator_feed: '456789' });
    const withoutAgent = rows.find((row) => row['country'] === 'AU');
    expect(withoutAgent).toMatchObject({
      app: 'Unknown',
      app_kind: 'other',
      filtered: true,
      aggregator: null,
    });
  });

  it('answers 30 Days with every figure computed by hand', async () => {
    const answer = feedAnalyticsSchema.parse(await ask('30d'));
    // Two days ago 8 requests of this podcast, yesterday 7; 300,000 + 195,000 bytes.
    expect(answer).toEqual({
      timeRange: '30d',
      totalRequests: 15,
      bandwidth: { totalBytes: 495_000, averagePerRequest: 33_000 },
      // Apps and people only (8 requests): DE 3, GB 3 (ties by code), BR 1, JP 1.
      topCountries: [
        { country: 'DE', name: 'Germany', count: 3, percent: 37.5 },
        { country: 'GB', name: 'United Kingdom', count: 3, percent: 37.5 },
        { country: 'BR', name: 'Brazil', count: 1, percent: 12.5 },
        { country: 'JP', name: 'Japan', count: 1, percent: 12.5 },
      ],
      // 11 requests: people's apps and the named apps' crawlers (Overcast's sync, Pocket Casts' parser); Feedly,
      // Googlebot and the request without a User-Agent left out.
      topApps: [
        { app: 'Apple Podcasts', count: 6, percent: 600 / 11 },
        { app: 'Overcast', count: 2, percent: 200 / 11 },
        { app: 'AntennaPod', count: 1, percent: 100 / 11 },
        { app: 'Pocket Casts', count: 1, percent: 100 / 11 },
        { app: 'Podcast Addict', count: 1, percent: 100 / 11 },
      ],
      hourlyDistribution: Array.from({ length: 24 }, (_, hour) => ({ 9: 7, 14: 5, 20: 3 })[hour] ?? 0),
      peakHours: [
        { hour: 9, count: 7 },
        { hour: 14, count: 5 },
        { hour: 20, count: 3 },
      ],
      // Overcast's feed 456789 last said 130, Feedly 457. Fetchers two days ago: GB, the DE /64, BR (3); yesterday
      // GB, DE, JP (3).
      subscribers: { estimate: 590, fromAggregators: 587, distinctFetchers: 3 },
      hasData: true,
      generatedAt: answer.generatedAt,
    });
    expect(Date.now() - Date.parse(answer.generatedAt)).toBeLessThan(60_000);
  });

  it('answers All Time with the requests of forty days ago too, fetchers averaged over the three days', async () => {
    const answer = await ask('all');
    expect(answer).toMatchObject({
      timeRange: 'all',
      totalRequests: 17,
      bandwidth: { totalBytes: 605_000, averagePerRequest: 605_000 / 17 },
      topCountries: [
        { country: 'DE', count: 3, percent: 300 / 9 },
        { country: 'GB', count: 3, percent: 300 / 9 },
        { country: 'BR', count: 2, percent: 200 / 9 },
        { country: 'JP', count: 1, percent: 100 / 9 },
      ],
      topApps: [
        { app: 'Apple Podcasts', count: 6, percent: 600 / 13 },
        { app: 'Overcast', count: 3, percent: 300 / 13 },
        { app: 'AntennaPod', count: 2, percent: 200 / 13 },
        { app: 'Pocket Casts', count: 1, percent: 100 / 13 },
        { app: 'Podcast Addict', count: 1, percent: 100 / 13 },
      ],
      peakHours: [
        { hour: 9, count: 9 },
        { hour: 14, count: 5 },
        { hour: 20, count: 3 },
      ],
      // Overcast 130 (feed 456789) + 90 (feed 111) + Feedly 457; fetchers (1 + 3 + 3) / 3 days, rounded.
      subscribers: { estimate: 679, fromAggregators: 677, distinctFetchers: 2 },
      hasData: true,
    });
  });

  it('scopes every figure to the podcast asked about', async () => {
    const other = await ask('30d', ownerId, otherPodcastId);
    expect(other).toMatchObject({
      totalRequests: 1,
      bandwidth: { totalBytes: 9_999, averagePerRequest: 9_999 },
      topCountries: [{ country: 'GB', count: 1, percent: 100 }],
      topApps: [{ app: 'Apple Podcasts', count: 1, percent: 100 }],
      peakHours: [{ hour: 21, count: 1 }],
      subscribers: { estimate: 1, fromAggregators: 0, distinctFetchers: 1 },
    });
  });

  it('answers a podcast without requests with zeros and hasData false', async () => {
    const emptyPodcastId = randomUUID();
    analytics.catalogPodcasts.set(emptyPodcastId, { ownerId, privateToken: null });
    const answer = await ask('7d', ownerId, emptyPodcastId);
    expect(answer).toEqual({
      timeRange: '7d',
      totalRequests: 0,
      bandwidth: { totalBytes: 0, averagePerRequest: 0 },
      topCountries: [],
      topApps: [],
      hourlyDistribution: Array.from({ length: 24 }, () => 0),
      peakHours: [],
      subscribers: { estimate: 0, fromAggregators: 0, distinctFetchers: 0 },
      hasData: false,
      generatedAt: answer.generatedAt,
    });
  });

  it('keeps an answer 5 minutes per podcast and range: a new request shows in a range not yet asked', async () => {
    const before = await ask('30d');
    await analytics.deliver(
      feedsEvents.feedsRequested,
      batchOf([
        { podcastId, at: at(1, 22, 0), userAgent: ANTENNAPOD, ip: '200.160.0.8', status: 200, bytes: 10_000 },
      ]),
    );
    expect(await ask('30d')).toEqual(before);
    const sevenDays = await ask('7d');
    expect(sevenDays.totalRequests).toBe(16);
    expect(sevenDays.hourlyDistribution[22]).toBe(1);
  });

  it('answers a viewer of the podcast, and a stranger PODCAST_NOT_FOUND without a figure', async () => {
    // 90 Days: the 17 requests of All Time and the one of the cache test.
    const asViewer = await ask('90d', viewerId);
    expect(asViewer.totalRequests).toBe(18);
    await expect(ask('90d', 'stranger-feed')).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
    // The cached answer of another caller is not a way around the check.
    await expect(ask('30d', 'stranger-feed')).rejects.toMatchObject({ code: 'PODCAST_NOT_FOUND' });
  });

  it(`rejects a time range that is not one of the six with "${analyticsTimeRangeMessages.invalid}"`, async () => {
    await expect(
      analytics.bus.request(analyticsRequests.getFeedAnalytics, {
        userId: ownerId,
        podcastId,
        timeRange: '2w' as AnalyticsTimeRange,
      }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        expect.objectContaining({ path: ['timeRange'], message: analyticsTimeRangeMessages.invalid }),
      ],
    });
  });
});
