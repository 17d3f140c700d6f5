import { z } from 'zod';
import {
  analyticsCountSchema,
  analyticsPercentSchema,
  answeredTimeRangeSchema,
  appShareSchema,
  countryPlaysSchema,
  deviceShareSchema,
} from './analytics-api.js';
import { ANALYTICS_TOP_LISTS } from './analytics-formulas.js';
import { DAY_PART_KEYS } from './listening-hours.js';

// The podcast analytics answer (spec 3 §2.3, §3 "Podcast analytics", §9).

const timestamp = z.iso.datetime();

export const topEpisodeSchema = z.object({
  episodeId: z.uuid(),
  title: z.string(),
  totalPlays: analyticsCountSchema,
  uniqueListeners: analyticsCountSchema,
  /** Null when no Castbase player played the episode in the range. */
  completionRate: analyticsPercentSchema.nullable(),
  averageListenSeconds: z.number().nonnegative().nullable(),
});
export type TopEpisode = z.infer<typeof topEpisodeSchema>;

/** A part of the day's plays (dayPartBreakdown), UTC hours. */
export const dayPartPlaysSchema = z.object({
  part: z.enum(DAY_PART_KEYS),
  plays: analyticsCountSchema,
  percent: analyticsPercentSchema,
});
export type DayPartPlays = z.infer<typeof dayPartPlaysSchema>;

/** An episode played in a Castbase player in the last hour, with its trendingScore. */
export const trendingEpisodeSchema = z.object({
  episodeId: z.uuid(),
  title: z.string(),
  playsLastHour: analyticsCountSchema,
  score: analyticsCountSchema,
});
export type TrendingEpisode = z.infer<typeof trendingEpisodeSchema>;

export const podcastAnalyticsSchema = z.object({
  timeRange: answeredTimeRangeSchema,
  overview: z.object({
    publishedEpisodes: analyticsCountSchema,
    /** Downloads counted to IAB v2.2 across the podcast's episodes in the range. */
    totalPlays: analyticsCountSchema,
    /** Distinct listeners measured across the podcast, never estimated from plays. */
    uniqueListeners: analyticsCountSchema,
    /** Mean duration of the published episodes; null while none has a known duration. */
    averageEpisodeDurationSeconds: z.number().nonnegative().nullable(),
    /** The feed's subscriber estimate (subscriberEstimate); null while no app has fetched the feed in the range. */
    subscriberCount: analyticsCountSchema.nullable(),
    /** Last 7 days against the 7 before, in percent (growthRate). */
    growthRate: z.number(),
  }),
  trends: z.object({
    /** One entry per UTC day of the range ('YYYY-MM-DD'), oldest first, zeros included. */
    daily: z.array(z.object({ date: z.iso.date(), plays: analyticsCountSchema })),
    /** Last 30 days against the 30 before, in percent (monthOverMonthGrowth). */
    monthlyGrowth: z.number(),
  }),
  performance: z.object({
    /** Most played first. */
    topEpisodes: z.array(topEpisodeSchema).max(ANALYTICS_TOP_LISTS.podcastEpisodes),
    /** Mean completion of every Castbase player session in the range; null when there was none. */
    averageCompletionRate: analyticsPercentSchema.nullable(),
    /** listenerRetention: null when nobody listened 30 to 60 days ago. */
    listenerRetention: analyticsPercentSchema.nullable(),
  }),
  demographics: z.object({
    countries: z.array(countryPlaysSchema).max(ANALYTICS_TOP_LISTS.podcastCountries),
    devices: z.array(deviceShareSchema),
    apps: z.array(appShareSchema).max(ANALYTICS_TOP_LISTS.podcastApps),
  }),
  /** Morning, Afternoon, Evening, Night, in that order. */
  dayParts: z.array(dayPartPlaysSchema).length(DAY_PART_KEYS.length),
  realtime: z.object({
    /** Castbase player sessions heard from in the last hour. */
    activeStreams: analyticsCountSchema,
    /** Highest score first. */
    trending: z.array(trendingEpisodeSchema).max(ANALYTICS_TOP_LISTS.trendingEpisodes),
  }),
  hasData: z.boolean(),
  generatedAt: timestamp,
});
export type PodcastAnalytics = z.infer<typeof podcastAnalyticsSchema>;
