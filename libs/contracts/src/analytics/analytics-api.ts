import { z } from 'zod';
import { ANALYTICS_TIME_RANGES, analyticsTimeRangeSchema, type AnalyticsTimeRange } from './time-ranges.js';

// The analytics service's HTTP answers for an episode and for the dashboard card, and the parts every analytics answer
// shares (spec 3 §3). The service builds them, the web app parses them with these same schemas. Percent fields are
// 0–100 numbers, unrounded: the screens format them (formatPercent). A null is a measure the service does not have
// (listening is only measured by Castbase's own players), never a zero standing in for it.

/** `?timeRange=` of every analytics call; 30 Days when absent. */
export const analyticsQuerySchema = z.object({ timeRange: analyticsTimeRangeSchema });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** A time range as an answer states it (no default: an answer always says which range it covers). */
export const answeredTimeRangeSchema = z.enum(ANALYTICS_TIME_RANGES);

export const analyticsCountSchema = z.number().int().nonnegative();
export const analyticsPercentSchema = z.number().min(0).max(100);
const timestamp = z.iso.datetime();

/** ISO 3166-1 alpha-2, or 'Unknown' when no database places the address. */
export const analyticsCountrySchema = z.string().regex(/^(?:[A-Z]{2}|Unknown)$/);

export const ANALYTICS_DEVICES = ['mobile', 'desktop', 'tablet', 'smart speaker', 'tv', 'unknown'] as const;
export type AnalyticsDevice = (typeof ANALYTICS_DEVICES)[number];
export const analyticsDeviceSchema = z.enum(ANALYTICS_DEVICES);

/** A country's plays; `name` is its English name (countryName). */
export const countryPlaysSchema = z.object({
  country: analyticsCountrySchema,
  name: z.string(),
  plays: analyticsCountSchema,
  percent: analyticsPercentSchema,
});
export type CountryPlays = z.infer<typeof countryPlaysSchema>;

export const deviceShareSchema = z.object({
  device: analyticsDeviceSchema,
  count: analyticsCountSchema,
  percent: analyticsPercentSchema,
});
export type DeviceShare = z.infer<typeof deviceShareSchema>;

/** A podcast app ('Apple Podcasts', 'Overcast', …) as the attribution table names it. */
export const appShareSchema = z.object({
  app: z.string().min(1),
  count: analyticsCountSchema,
  percent: analyticsPercentSchema,
});
export type AppShare = z.infer<typeof appShareSchema>;

/** Where plays come from ('RSS' for podcast apps reading the feed, 'Web', 'Embed', …). */
export const sourceShareSchema = z.object({
  source: z.string().min(1),
  count: analyticsCountSchema,
  percent: analyticsPercentSchema,
});
export type SourceShare = z.infer<typeof sourceShareSchema>;

/** One bucket of a trend chart (trendBuckets), with its plays. */
export const trendPointSchema = z.object({
  start: timestamp,
  end: timestamp,
  label: z.string(),
  plays: analyticsCountSchema,
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

export const INSIGHT_KINDS = ['completion', 'topSource', 'topCountry', 'listenShare'] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

/** A Key Insight (spec 3 §2.2): `positive` true is good news, false a warning, null neither (or not measured). */
export const analyticsInsightSchema = z.object({
  kind: z.enum(INSIGHT_KINDS),
  text: z.string(),
  positive: z.boolean().nullable(),
});
export type AnalyticsInsight = z.infer<typeof analyticsInsightSchema>;

export const episodePerformanceSchema = z.object({
  score: z.number().int().min(0).max(100),
  label: z.string(),
});
export type EpisodePerformance = z.infer<typeof episodePerformanceSchema>;

/** An episode's analytics for a time range: the episode analytics screen (spec 3 §2.2). */
export const episodeAnalyticsSchema = z.object({
  episode: z.object({
    id: z.uuid(),
    title: z.string(),
    publishedAt: timestamp.nullable(),
    createdAt: timestamp,
    /** Null until the media's duration is known. */
    durationSeconds: z.number().nonnegative().nullable(),
  }),
  timeRange: answeredTimeRangeSchema,
  /** Downloads counted to IAB Podcast Measurement v2.2 in the range. */
  totalPlays: analyticsCountSchema,
  /** Week-over-week change of the plays, in percent (weekOverWeekTrend); may be negative or above 100. */
  playsTrend: z.number(),
  /** Distinct listeners measured in the range (downloads and player sessions), never estimated from plays. */
  uniqueListeners: analyticsCountSchema,
  /** Mean completion of the Castbase players' sessions; null when none played the episode in the range. */
  completionRate: analyticsPercentSchema.nullable(),
  averageListenSeconds: z.number().nonnegative().nullable(),
  /** One point per trendBuckets bucket, oldest first, zeros included. */
  playTrend: z.array(trendPointSchema),
  /** Each list is ranked, most plays first. */
  sources: z.array(sourceShareSchema),
  countries: z.array(countryPlaysSchema),
  devices: z.array(deviceShareSchema),
  apps: z.array(appShareSchema),
  /** Null when completion or listen time is not measured (episodePerformance). */
  performance: episodePerformanceSchema.nullable(),
  /** The four Key Insights, in INSIGHT_KINDS order. */
  insights: z.array(analyticsInsightSchema).length(INSIGHT_KINDS.length),
  /** Whether anything was counted in the range: false shows the no-data state. */
  hasData: z.boolean(),
  generatedAt: timestamp,
});
export type EpisodeAnalytics = z.infer<typeof episodeAnalyticsSchema>;

/** The dashboard card covers the last 30 days (spec 2 §9). */
export const DASHBOARD_ANALYTICS_RANGE: AnalyticsTimeRange = '30d';

/** A podcast's last 30 days for the dashboard's Analytics Overview card (spec 2 §2). */
export const dashboardAnalyticsSchema = z.object({
  totalPlays: analyticsCountSchema,
  uniqueListeners: analyticsCountSchema,
  /** Average listen time of the Castbase players' sessions, in minutes; null when none was measured. */
  averageListenMinutes: z.number().nonnegative().nullable(),
  /** Last 7 days against the 7 before, in percent (growthRate). */
  growthRate: z.number(),
  hasData: z.boolean(),
});
export type DashboardAnalytics = z.infer<typeof dashboardAnalyticsSchema>;
