import { z } from 'zod';
import {
  analyticsCountrySchema,
  analyticsCountSchema,
  analyticsPercentSchema,
  answeredTimeRangeSchema,
  appShareSchema,
} from './analytics-api.js';
import { ANALYTICS_TOP_LISTS } from './analytics-formulas.js';
import { HOURS_PER_DAY } from './listening-hours.js';

// The feed (RSS) analytics answer (spec 3 §3 "Feed (RSS) analytics", §9), from the feeds service's feed-request
// events.

/** Mean bytes per request; 0 when there was no request. */
export function averageBytesPerRequest(totalBytes: number, requests: number): number {
  return requests > 0 ? totalBytes / requests : 0;
}

export const feedCountryRequestsSchema = z.object({
  country: analyticsCountrySchema,
  name: z.string(),
  count: analyticsCountSchema,
  percent: analyticsPercentSchema,
});
export type FeedCountryRequests = z.infer<typeof feedCountryRequestsSchema>;

export const feedAnalyticsSchema = z.object({
  timeRange: answeredTimeRangeSchema,
  totalRequests: analyticsCountSchema,
  bandwidth: z.object({
    /** Body bytes sent (0 for a 304). */
    totalBytes: analyticsCountSchema,
    averagePerRequest: z.number().nonnegative(),
  }),
  /** Most requests first. */
  topCountries: z.array(feedCountryRequestsSchema).max(ANALYTICS_TOP_LISTS.feedCountries),
  topApps: z.array(appShareSchema).max(ANALYTICS_TOP_LISTS.feedApps),
  /** Requests per UTC hour of the day, 0 to 23, over the range. */
  hourlyDistribution: z.array(analyticsCountSchema).length(HOURS_PER_DAY),
  /** peakHours of the distribution: busiest first, hours without requests left out. */
  peakHours: z
    .array(z.object({ hour: z.number().int().min(0).max(23), count: analyticsCountSchema }))
    .max(ANALYTICS_TOP_LISTS.peakHours),
  /** subscriberEstimate: what aggregators report in their user agents plus each other distinct fetcher. */
  subscribers: z.object({
    estimate: analyticsCountSchema,
    fromAggregators: analyticsCountSchema,
    distinctFetchers: analyticsCountSchema,
  }),
  hasData: z.boolean(),
  generatedAt: z.iso.datetime(),
});
export type FeedAnalytics = z.infer<typeof feedAnalyticsSchema>;
