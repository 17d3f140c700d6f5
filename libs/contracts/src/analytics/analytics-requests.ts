import { z } from 'zod';
import { defineRequest } from '../messaging/definitions.js';
import { dashboardAnalyticsSchema, episodeAnalyticsSchema } from './analytics-api.js';
import { analyticsExportConfigSchema } from './analytics-export.js';
import { analyticsExportDataSchema } from './analytics-export-data.js';
import { feedAnalyticsSchema } from './feed-analytics-api.js';
import { podcastAnalyticsSchema } from './podcast-analytics-api.js';
import { analyticsTimeRangeSchema } from './time-ranges.js';

/** Who asks (a viewer or more of the podcast: checked by the gateway and again by analytics) and about what. */
const caller = { userId: z.string().min(1), podcastId: z.uuid() };

export const analyticsRequests = {
  getPodcastAnalytics: defineRequest(
    'analytics.podcast.get',
    z.object({ ...caller, timeRange: analyticsTimeRangeSchema }),
    podcastAnalyticsSchema,
  ),
  getEpisodeAnalytics: defineRequest(
    'analytics.episode.get',
    z.object({ ...caller, episodeId: z.uuid(), timeRange: analyticsTimeRangeSchema }),
    episodeAnalyticsSchema,
  ),
  getFeedAnalytics: defineRequest(
    'analytics.feed.get',
    z.object({ ...caller, timeRange: analyticsTimeRangeSchema }),
    feedAnalyticsSchema,
  ),
  getDashboardAnalytics: defineRequest('analytics.dashboard.get', z.object(caller), dashboardAnalyticsSchema),
  /** The figures of an analytics export (spec 3 §2.4), which the gateway writes as CSV, JSON or PDF. */
  getAnalyticsExport: defineRequest(
    'analytics.export.get',
    z.object({ ...caller, config: analyticsExportConfigSchema }),
    analyticsExportDataSchema,
  ),
} as const;
