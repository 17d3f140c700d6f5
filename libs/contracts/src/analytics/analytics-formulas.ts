import { DAY_MS, startOfUtcDay, utcDateKey } from './time-ranges.js';

// The figures of spec 3 §9, as pure functions. The analytics service computes every one of them on the server; the
// web app only formats what it receives. None of them estimates: a measure the server does not have is null, shown
// as NOT_MEASURED.

/** The country of a download or play whose address no database places, and its name. */
export const UNKNOWN_COUNTRY = 'Unknown';
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** What a figure shows when it is not measured (for instance completion when no Castbase player played the episode). */
export const NOT_MEASURED = '—';

/** The sizes of the top lists (spec 3 §9 and §2.2). */
export const ANALYTICS_TOP_LISTS = {
  /** Feed analytics: top countries and top podcast apps. */
  feedCountries: 10,
  feedApps: 10,
  /** Podcast analytics as the service answers it. */
  podcastEpisodes: 10,
  podcastCountries: 10,
  podcastApps: 10,
  /** What the podcast analytics screen shows of those. */
  podcastScreenEpisodes: 5,
  podcastScreenCountries: 5,
  podcastScreenApps: 5,
  /** The episode screen's Geography tab: the bar chart and the cards under it. */
  episodeCountryChart: 10,
  episodeCountryCards: 12,
  /** Ranks with a medal (Geography) or highlighted (Sources). */
  medalRanks: 3,
  trendingEpisodes: 5,
  peakHours: 3,
} as const;

/** Active streams and trending episodes look at the last hour. */
export const REALTIME_WINDOW_MS = 3_600_000;
/** Analytics answers are cached for 5 minutes. */
export const ANALYTICS_CACHE_TTL_MS = 300_000;
/** Trending score per play in the last hour. */
export const TRENDING_SCORE_PER_PLAY = 10;
/** Completion at or above this percent is above average (green); below, a warning. */
export const COMPLETION_AVERAGE_PERCENT = 50;
/** Average listen time above this percent of the episode's duration is a positive insight. */
export const LISTEN_SHARE_POSITIVE_PERCENT = 50;
/** The performance score's listen-duration part is full at 30 minutes. */
export const PERFORMANCE_FULL_LISTEN_SECONDS = 1800;

/**
 * `count` as a percent of `total`; 0 when the total is 0 (nothing to share). Every percent here multiplies before it
 * divides, so whole shares come out whole (21 of 300 is 7, not 7.000000000000001).
 */
export function percentOf(count: number, total: number): number {
  return total > 0 ? (count * 100) / total : 0;
}

/** A count as the screens and files show it: digits grouped in the English way ('12,345'). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** Percent with one decimal ('12.3%'); NOT_MEASURED for null. Never '-0.0%'. */
export function formatPercent(value: number | null): string {
  if (value === null) return NOT_MEASURED;
  const rounded = Math.round(value * 10) / 10;
  return `${(rounded === 0 ? 0 : rounded).toFixed(1)}%`;
}

/**
 * A change in percent with its sign, one decimal ('+12.3%', '-4.0%', '0.0%'): growth and trends, so the sign says
 * which way it went where a colour alone would not.
 */
export function formatPercentChange(value: number): string {
  const formatted = formatPercent(value);
  return Math.round(value * 10) > 0 ? `+${formatted}` : formatted;
}

/** A duration in minutes with one decimal ('12.6 min'); NOT_MEASURED for null. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return NOT_MEASURED;
  return `${(Math.round(minutes * 10) / 10).toFixed(1)} min`;
}

/** Seconds as minutes, null kept. */
export function secondsToMinutes(seconds: number | null): number | null {
  return seconds === null ? null : seconds / 60;
}

/** Completion is green at 50 % or more (spec 3 §2.2). */
export function isCompletionHealthy(completionRate: number): boolean {
  return completionRate >= COMPLETION_AVERAGE_PERCENT;
}

/** Growth is green at 0 or above, red when negative (spec 2, dashboard card). */
export function isGrowthPositive(growthRate: number): boolean {
  return growthRate >= 0;
}

/**
 * How much of an episode one listening session heard, in percent: the seconds actually played over the duration,
 * at most 100 (a replayed part counts once towards completion). An episode's completion rate is the mean of its
 * sessions' completion.
 */
export function sessionCompletionPercent(listenedSeconds: number, durationSeconds: number): number {
  if (durationSeconds <= 0) return 0;
  return Math.min(100, (Math.max(0, listenedSeconds) * 100) / durationSeconds);
}

/** The plays bonus of the performance score: over 1000 plays 30, over 500 20, over 100 10, else 5. */
export function playsBonus(plays: number): number {
  if (plays > 1000) return 30;
  if (plays > 500) return 20;
  if (plays > 100) return 10;
  return 5;
}

/**
 * The episode performance score of spec 3 §9, 0 to 100: min(40, 0.4 × completion) + 0.3 × min(100, average listen
 * seconds / 1800 × 100) + the plays bonus, rounded.
 */
export function performanceScore(input: {
  completionRate: number;
  averageListenSeconds: number;
  plays: number;
}): number {
  const completionPart = Math.min(40, 0.4 * input.completionRate);
  const durationPart =
    0.3 * Math.min(100, (input.averageListenSeconds / PERFORMANCE_FULL_LISTEN_SECONDS) * 100);
  return Math.round(completionPart + durationPart + playsBonus(input.plays));
}

export const PERFORMANCE_LEVELS = ['excellent', 'good', 'average', 'needsImprovement'] as const;
export type PerformanceLevel = (typeof PERFORMANCE_LEVELS)[number];

export const performanceLabels: Record<PerformanceLevel, string> = {
  excellent: 'Excellent Performance',
  good: 'Good',
  average: 'Average',
  needsImprovement: 'Needs Improvement',
};

/** 80 or more excellent, 60 or more good, 40 or more average, lower needs improvement. */
export function performanceLevel(score: number): PerformanceLevel {
  if (score >= 80) return 'excellent';
  if (score >= 60) return 'good';
  if (score >= 40) return 'average';
  return 'needsImprovement';
}

export function performanceLabel(score: number): string {
  return performanceLabels[performanceLevel(score)];
}

/**
 * An episode's score and label, or null when its listening is not measured (no Castbase player has played it in the
 * range): two of the score's three parts would otherwise be invented zeros, and every episode heard only in other
 * apps would read 'Needs Improvement'.
 */
export function episodePerformance(input: {
  completionRate: number | null;
  averageListenSeconds: number | null;
  plays: number;
}): { score: number; label: string } | null {
  if (input.completionRate === null || input.averageListenSeconds === null) return null;
  const score = performanceScore({
    completionRate: input.completionRate,
    averageListenSeconds: input.averageListenSeconds,
    plays: input.plays,
  });
  return { score, label: performanceLabel(score) };
}

/**
 * Percent change from `previous` to `last`. From 0 to something is 100 (spec 3 §9); from 0 to 0 is 0 (nothing
 * changed).
 */
export function growthRate(last: number, previous: number): number {
  if (previous === 0) return last > 0 ? 100 : 0;
  return ((last - previous) * 100) / previous;
}

export interface DailyPlays {
  /** UTC day, 'YYYY-MM-DD'. */
  date: string;
  plays: number;
}

/**
 * The plays of the `days` UTC days ending `today` against the `days` before them, as a percent change (growthRate).
 * 0 when the series has fewer than 2 points (spec 3 §9). Days missing from the series count as 0.
 */
export function periodOverPeriodChange(dailyPlays: readonly DailyPlays[], today: Date, days: number): number {
  if (dailyPlays.length < 2) return 0;
  const lastStart = utcDateKey(new Date(startOfUtcDay(today).getTime() - (days - 1) * DAY_MS));
  const previousStart = utcDateKey(new Date(startOfUtcDay(today).getTime() - (2 * days - 1) * DAY_MS));
  const todayKey = utcDateKey(today);
  let last = 0;
  let previous = 0;
  for (const { date, plays } of dailyPlays) {
    if (date > todayKey) continue;
    if (date >= lastStart) last += plays;
    else if (date >= previousStart) previous += plays;
  }
  return growthRate(last, previous);
}

/** The Total Plays card's trend and the growth rate: the last 7 days against the 7 before (spec 3 §9). */
export function weekOverWeekTrend(dailyPlays: readonly DailyPlays[], today: Date): number {
  return periodOverPeriodChange(dailyPlays, today, 7);
}

/** Podcast analytics' monthly growth: the last 30 days against the 30 before, by the same rule. */
export function monthOverMonthGrowth(dailyPlays: readonly DailyPlays[], today: Date): number {
  return periodOverPeriodChange(dailyPlays, today, 30);
}

/**
 * Listener retention (spec 3 §9): of the listeners heard 30 to 60 days ago, the percent also heard in the last 30
 * days. Null when nobody listened 30 to 60 days ago: there is no one to retain.
 */
export function listenerRetention(input: {
  previousWindowListeners: number;
  returningListeners: number;
}): number | null {
  const { previousWindowListeners, returningListeners } = input;
  if (returningListeners < 0 || returningListeners > previousWindowListeners) {
    throw new RangeError(
      `Returning listeners (${returningListeners}) must be between 0 and the earlier window's ${previousWindowListeners}`,
    );
  }
  return previousWindowListeners === 0 ? null : (returningListeners * 100) / previousWindowListeners;
}

/** Trending score: 10 × plays in the last hour. */
export function trendingScore(playsLastHour: number): number {
  return TRENDING_SCORE_PER_PLAY * playsLastHour;
}

/** A subscriber estimate: what aggregators report in their user agents plus each other distinct fetcher as one. */
export function subscriberEstimate(input: { fromAggregators: number; distinctFetchers: number }): number {
  return input.fromAggregators + input.distinctFetchers;
}

/**
 * An English country name for an ISO 3166 alpha-2 code; 'Unknown' for 'Unknown' (no location) and for codes that
 * name no region.
 */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return UNKNOWN_COUNTRY;
  const name = regionNames.of(code);
  return name === undefined || name === 'Unknown Region' ? UNKNOWN_COUNTRY : name;
}
