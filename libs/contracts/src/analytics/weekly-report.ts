import { z } from 'zod';
import { defineRequest } from '../messaging/definitions.js';

/** Episodes a weekly report lists, most downloaded first. */
export const WEEKLY_REPORT_TOP_EPISODES = 5;

const MAX_SPAN_MS = 31 * 86_400_000;

/** A podcast's week as the weekly report e-mail tells it: `from` (inclusive) to `to` (exclusive), any 7 days. */
export const weeklyReportQuerySchema = z
  .object({
    userId: z.string().min(1),
    podcastId: z.uuid(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  })
  .refine(
    ({ from, to }) => Date.parse(to) > Date.parse(from) && Date.parse(to) - Date.parse(from) <= MAX_SPAN_MS,
    {
      message: 'A weekly report covers up to 31 days, ending after it starts',
    },
  );

export const weeklyPodcastReportSchema = z.object({
  podcastId: z.uuid(),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Counted downloads (IAB), as the analytics screens count them. */
  downloads: z.number().int().nonnegative(),
  /** Distinct listeners of the week (one a day each at most: listener keys change every UTC day). */
  listeners: z.number().int().nonnegative(),
  /** Downloads of the 7 days before `from`. */
  previousDownloads: z.number().int().nonnegative(),
  /** Percent change from the week before (`growthRate`): 100 from nothing to something, 0 from nothing to nothing. */
  growthPercent: z.number(),
  topEpisodes: z
    .array(
      z.object({
        episodeId: z.uuid(),
        title: z.string(),
        downloads: z.number().int().nonnegative(),
        listeners: z.number().int().nonnegative(),
      }),
    )
    .max(WEEKLY_REPORT_TOP_EPISODES),
});
export type WeeklyPodcastReport = z.infer<typeof weeklyPodcastReportSchema>;

export const weeklyReportRequests = {
  /** The caller's podcast's week (viewer and up; PODCAST_NOT_FOUND otherwise): what the weekly report e-mail says. */
  getWeeklyReport: defineRequest(
    'analytics.weekly-report.get',
    weeklyReportQuerySchema,
    weeklyPodcastReportSchema,
  ),
} as const;
