import {
  averageBytesPerRequest,
  countryName,
  peakHours,
  percentOf,
  subscriberEstimate,
  type AnalyticsTimeRange,
  type FeedAnalytics,
} from '@castbase/contracts';
import type { FeedRequestFigures } from './feed-requests.repository.js';

/**
 * Distinct fetchers per day, averaged over the days that had requests and rounded: a fetcher's key is its address
 * and User-Agent under the day's salt, so the same subscriber is a new key every day and a sum over days would count
 * one subscriber once per day. A day with only bots or aggregators counts as a day with none.
 */
export function averageDailyFetchers(dailyFetchers: readonly number[]): number {
  if (dailyFetchers.length === 0) return 0;
  return Math.round(dailyFetchers.reduce((sum, fetchers) => sum + fetchers, 0) / dailyFetchers.length);
}

/** The feed analytics answer (spec 3 §3, §9) from the database's figures. */
export function feedAnalytics(
  figures: FeedRequestFigures,
  timeRange: AnalyticsTimeRange,
  now: Date,
): FeedAnalytics {
  const distinctFetchers = averageDailyFetchers(figures.dailyFetchers);
  const fromAggregators = figures.aggregatorSubscribers;
  return {
    timeRange,
    totalRequests: figures.totalRequests,
    bandwidth: {
      totalBytes: figures.totalBytes,
      averagePerRequest: averageBytesPerRequest(figures.totalBytes, figures.totalRequests),
    },
    topCountries: figures.countries.map(({ name, count }) => ({
      country: name,
      name: countryName(name),
      count,
      percent: percentOf(count, figures.countryRequests),
    })),
    topApps: figures.apps.map(({ name, count }) => ({
      app: name,
      count,
      percent: percentOf(count, figures.appRequests),
    })),
    hourlyDistribution: figures.hourly,
    peakHours: peakHours(figures.hourly),
    subscribers: {
      estimate: subscriberEstimate({ fromAggregators, distinctFetchers }),
      fromAggregators,
      distinctFetchers,
    },
    hasData: figures.totalRequests > 0,
    generatedAt: now.toISOString(),
  };
}
