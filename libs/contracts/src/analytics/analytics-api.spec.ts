import { describe, expect, it } from '@jest/globals';
import { analyticsQuerySchema, dashboardAnalyticsSchema, episodeAnalyticsSchema } from './analytics-api.js';
import { countryName, episodePerformance, percentOf, weekOverWeekTrend } from './analytics-formulas.js';
import { feedAnalyticsSchema } from './feed-analytics-api.js';
import { keyInsights } from './key-insights.js';
import { dayPartBreakdown, peakHours } from './listening-hours.js';
import { podcastAnalyticsSchema } from './podcast-analytics-api.js';
import { trendBuckets } from './time-ranges.js';

const now = new Date('2026-05-10T15:20:00Z');
const episodeId = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** An answer as the service builds it, from the contracts' own formulas. */
function episodeAnswer() {
  const countries = [
    { country: 'US', plays: 30 },
    { country: 'Unknown', plays: 10 },
  ].map((entry) => ({ ...entry, name: countryName(entry.country), percent: percentOf(entry.plays, 40) }));
  return {
    episode: {
      id: episodeId,
      title: 'Pilot',
      publishedAt: '2026-05-01T09:00:00.000Z',
      createdAt: '2026-04-30T12:00:00.000Z',
      durationSeconds: 1800,
    },
    timeRange: '7d',
    totalPlays: 40,
    playsTrend: weekOverWeekTrend(
      [
        { date: '2026-05-09', plays: 40 },
        { date: '2026-05-01', plays: 0 },
      ],
      now,
    ),
    uniqueListeners: 31,
    completionRate: 62.5,
    averageListenSeconds: 1200,
    playTrend: trendBuckets('7d', now).map((bucket) => ({
      start: bucket.start.toISOString(),
      end: bucket.end.toISOString(),
      label: bucket.label,
      plays: bucket.label === 'May 9' ? 40 : 0,
    })),
    sources: [{ source: 'RSS', count: 40, percent: 100 }],
    countries,
    devices: [{ device: 'smart speaker', count: 40, percent: 100 }],
    apps: [{ app: 'Apple Podcasts', count: 40, percent: 100 }],
    performance: episodePerformance({ completionRate: 62.5, averageListenSeconds: 1200, plays: 40 }),
    insights: keyInsights({
      completionRate: 62.5,
      sources: [{ source: 'RSS', count: 40 }],
      countries,
      averageListenSeconds: 1200,
      durationSeconds: 1800,
    }),
    hasData: true,
    generatedAt: now.toISOString(),
  };
}

describe('episode analytics answer', () => {
  it('parses an answer built with the formulas', () => {
    const parsed = episodeAnalyticsSchema.parse(episodeAnswer());
    expect(parsed.playsTrend).toBe(100);
    expect(parsed.performance).toEqual({ score: 50, label: 'Average' });
    expect(parsed.countries.map((entry) => entry.name)).toEqual(['United States', 'Unknown']);
    expect(parsed.playTrend).toHaveLength(7);
  });

  it('carries unmeasured listening as null, never as zero', () => {
    const answer = {
      ...episodeAnswer(),
      completionRate: null,
      averageListenSeconds: null,
      performance: null,
    };
    expect(episodeAnalyticsSchema.parse(answer).completionRate).toBeNull();
  });

  it.each([
    [
      'a country that is not ISO alpha-2',
      { countries: [{ country: 'USA', name: 'USA', plays: 1, percent: 100 }] },
    ],
    ['a percent above 100', { completionRate: 100.1 }],
    ['a device outside the list', { devices: [{ device: 'watch', count: 1, percent: 100 }] }],
    ['three insights instead of four', { insights: episodeAnswer().insights.slice(0, 3) }],
    ['a score above 100', { performance: { score: 101, label: 'Excellent Performance' } }],
    ['a negative count', { totalPlays: -1 }],
    ['no time range', { timeRange: undefined }],
  ])('refuses %s', (_case, change) => {
    expect(episodeAnalyticsSchema.safeParse({ ...episodeAnswer(), ...change }).success).toBe(false);
  });
});

describe('podcast analytics answer', () => {
  const topEpisode = {
    episodeId,
    title: 'Pilot',
    totalPlays: 40,
    uniqueListeners: 31,
    completionRate: null,
    averageListenSeconds: null,
  };
  const answer = {
    timeRange: '30d',
    overview: {
      publishedEpisodes: 3,
      totalPlays: 120,
      uniqueListeners: 80,
      averageEpisodeDurationSeconds: 1500,
      subscriberCount: null,
      growthRate: -12.5,
    },
    trends: { daily: [{ date: '2026-05-10', plays: 120 }], monthlyGrowth: 100 },
    performance: { topEpisodes: [topEpisode], averageCompletionRate: null, listenerRetention: 25 },
    demographics: { countries: [], devices: [], apps: [] },
    dayParts: dayPartBreakdown(new Array<number>(24).fill(5)),
    realtime: { activeStreams: 2, trending: [{ episodeId, title: 'Pilot', playsLastHour: 2, score: 20 }] },
    hasData: true,
    generatedAt: now.toISOString(),
  };

  it('parses an answer with day parts from dayPartBreakdown', () => {
    expect(podcastAnalyticsSchema.parse(answer).dayParts.map((part) => part.percent)).toEqual([
      25, 25, 25, 25,
    ]);
  });

  it('holds at most 10 top episodes and 5 trending ones, and all four day parts', () => {
    const eleven = Array.from({ length: 11 }, () => topEpisode);
    expect(
      podcastAnalyticsSchema.safeParse({
        ...answer,
        performance: { ...answer.performance, topEpisodes: eleven },
      }).success,
    ).toBe(false);
    const six = Array.from({ length: 6 }, () => answer.realtime.trending[0]);
    expect(
      podcastAnalyticsSchema.safeParse({ ...answer, realtime: { activeStreams: 0, trending: six } }).success,
    ).toBe(false);
    expect(podcastAnalyticsSchema.safeParse({ ...answer, dayParts: answer.dayParts.slice(1) }).success).toBe(
      false,
    );
  });

  it('refuses a daily point that is not a date', () => {
    const trends = { daily: [{ date: '10/05/2026', plays: 1 }], monthlyGrowth: 0 };
    expect(podcastAnalyticsSchema.safeParse({ ...answer, trends }).success).toBe(false);
  });
});

describe('feed analytics answer', () => {
  const hourly = Array.from({ length: 24 }, (_, hour) => (hour === 7 ? 12 : hour === 19 ? 4 : 0));
  const answer = {
    timeRange: '1d',
    totalRequests: 16,
    bandwidth: { totalBytes: 160_000, averagePerRequest: 10_000 },
    topCountries: [{ country: 'GB', name: 'United Kingdom', count: 16, percent: 100 }],
    topApps: [{ app: 'Overcast', count: 16, percent: 100 }],
    hourlyDistribution: hourly,
    peakHours: peakHours(hourly),
    subscribers: { estimate: 7, fromAggregators: 5, distinctFetchers: 2 },
    hasData: true,
    generatedAt: now.toISOString(),
  };

  it('parses an answer with peak hours from peakHours', () => {
    expect(feedAnalyticsSchema.parse(answer).peakHours).toEqual([
      { hour: 7, count: 12 },
      { hour: 19, count: 4 },
    ]);
  });

  it('refuses an hourly distribution of other than 24 hours and more than 10 countries', () => {
    expect(feedAnalyticsSchema.safeParse({ ...answer, hourlyDistribution: hourly.slice(1) }).success).toBe(
      false,
    );
    const eleven = Array.from({ length: 11 }, () => answer.topCountries[0]);
    expect(feedAnalyticsSchema.safeParse({ ...answer, topCountries: eleven }).success).toBe(false);
  });
});

describe('dashboard card and query', () => {
  it('parses the card with an unmeasured average listen time', () => {
    const card = {
      totalPlays: 0,
      uniqueListeners: 0,
      averageListenMinutes: null,
      growthRate: 0,
      hasData: false,
    };
    expect(dashboardAnalyticsSchema.parse(card)).toEqual(card);
  });

  it('defaults the query to 30 days', () => {
    expect(analyticsQuerySchema.parse({})).toEqual({ timeRange: '30d' });
    expect(analyticsQuerySchema.parse({ timeRange: 'all' })).toEqual({ timeRange: 'all' });
    expect(analyticsQuerySchema.safeParse({ timeRange: '2d' }).success).toBe(false);
  });
});
