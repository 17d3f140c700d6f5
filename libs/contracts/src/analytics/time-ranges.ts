import { z } from 'zod';

// The analytics time ranges of spec 3 §2.2 and §9, where each range starts, and the buckets of its trend chart.
//
// A range is a whole number of chart buckets that ends with the bucket in progress: 24 Hours is the last 24 clock
// hours counting the current one, 7 Days is today and the six UTC days before it. So the chart's bars add up to the
// range's total, and a download at 00:05 UTC today counts in today's bar and in the total alike. Every boundary is
// UTC, the same for every viewer and for the server's hourly and daily rollups.

export const ANALYTICS_TIME_RANGES = ['1d', '7d', '30d', '90d', '1y', 'all'] as const;
export type AnalyticsTimeRange = (typeof ANALYTICS_TIME_RANGES)[number];
export const DEFAULT_ANALYTICS_TIME_RANGE: AnalyticsTimeRange = '30d';

export const analyticsTimeRangeMessages = {
  invalid: 'Choose a time range: 1d, 7d, 30d, 90d, 1y or all',
} as const;

/** A time range as a query gives it: one of the six, 30 Days when absent. */
export const analyticsTimeRangeSchema = z
  .enum(ANALYTICS_TIME_RANGES, { error: analyticsTimeRangeMessages.invalid })
  .default(DEFAULT_ANALYTICS_TIME_RANGE);

/** The time-range selector's labels (spec 3 §2.2). */
export const analyticsTimeRangeLabels: Record<AnalyticsTimeRange, string> = {
  '1d': '24 Hours',
  '7d': '7 Days',
  '30d': '30 Days',
  '90d': '90 Days',
  '1y': '1 Year',
  all: 'All Time',
};

/** The export dialog's preset ranges (spec 3 §2.4), each the same range as the screens' selector. */
export const ANALYTICS_EXPORT_PRESETS: readonly { range: AnalyticsTimeRange; label: string }[] = [
  { range: '1d', label: 'Last 24 Hours' },
  { range: '7d', label: 'Last 7 Days' },
  { range: '30d', label: 'Last 30 Days' },
  { range: '90d', label: 'Last 90 Days' },
  { range: '1y', label: 'Last Year' },
  { range: 'all', label: 'All Time' },
];

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The 24 Hours chart: 8 steps of 3 hours. */
export const HOURLY_TREND_BUCKETS = 8;
export const HOURLY_TREND_STEP_HOURS = 3;

/** Days in each daily range (1 Year is 365 days, spec 3 §9). */
const RANGE_DAYS = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
/** The chart of All Time without any data, as the spec's empty labels give it: the last 30 days. */
const EMPTY_ALL_TIME_DAYS = 30;

export interface TrendBucket {
  /** Inclusive. */
  start: Date;
  /** Exclusive; the last bucket is the one in progress and ends after `now`. */
  end: Date;
  label: string;
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function startOfUtcHour(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}

/** A date's UTC day as 'YYYY-MM-DD', the key of daily series. */
export function utcDateKey(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The start of the 24 Hours range: 23 hours before the start of the clock hour in progress. */
function hourlyRangeStart(now: Date): Date {
  return new Date(startOfUtcHour(now).getTime() + HOUR_MS - DAY_MS);
}

/** The start of a range of `days` UTC days ending today. */
function dailyRangeStart(days: number, now: Date): Date {
  return new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
}

/**
 * Where a range starts (inclusive); null for All Time. 24 Hours starts 23 hours before the start of the current UTC
 * hour; a daily range of n days starts at 00:00 UTC n − 1 days before today.
 */
export function analyticsRangeStart(range: AnalyticsTimeRange, now: Date): Date | null {
  switch (range) {
    case '1d':
      return hourlyRangeStart(now);
    case '7d':
    case '30d':
    case '90d':
    case '1y':
      return dailyRangeStart(RANGE_DAYS[range], now);
    case 'all':
      return null;
  }
}

const hourLabel = (start: Date) => `${String(start.getUTCHours()).padStart(2, '0')}:00`;
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabelWithYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A day of a daily series ('YYYY-MM-DD') as the trend charts label it: 'May 4', with the year for 1 Year and All Time. */
export function dailyTrendLabel(dateKey: string, range: AnalyticsTimeRange): string {
  const format = range === '1y' || range === 'all' ? dayLabelWithYear : dayLabel;
  return format.format(new Date(`${dateKey}T00:00:00Z`));
}

function dailyBuckets(first: Date, days: number, withYear: boolean): TrendBucket[] {
  const format = withYear ? dayLabelWithYear : dayLabel;
  return Array.from({ length: days }, (_, index) => {
    const start = new Date(first.getTime() + index * DAY_MS);
    return { start, end: new Date(start.getTime() + DAY_MS), label: format.format(start) };
  });
}

/**
 * The trend chart's buckets, oldest first, each labelled in UTC. 24 Hours: 8 three-hour steps ('09:00'); 7, 30 and 90
 * Days: one per UTC day ('May 4'); 1 Year: 365 days ('May 4, 2025'); All Time: one per day from the UTC day of
 * `earliest` (the first measured event) to today, or the last 30 days when there is none yet. The buckets are the
 * same with or without data: an empty range shows these labels with zeros.
 */
export function trendBuckets(range: AnalyticsTimeRange, now: Date, earliest?: Date | null): TrendBucket[] {
  switch (range) {
    case '1d': {
      const first = hourlyRangeStart(now).getTime();
      const step = HOURLY_TREND_STEP_HOURS * HOUR_MS;
      return Array.from({ length: HOURLY_TREND_BUCKETS }, (_, index) => {
        const start = new Date(first + index * step);
        return { start, end: new Date(start.getTime() + step), label: hourLabel(start) };
      });
    }
    case '7d':
    case '30d':
    case '90d':
      return dailyBuckets(dailyRangeStart(RANGE_DAYS[range], now), RANGE_DAYS[range], false);
    case '1y':
      return dailyBuckets(dailyRangeStart(RANGE_DAYS[range], now), RANGE_DAYS[range], true);
    case 'all': {
      if (!earliest)
        return dailyBuckets(dailyRangeStart(EMPTY_ALL_TIME_DAYS, now), EMPTY_ALL_TIME_DAYS, true);
      const today = startOfUtcDay(now);
      const first = new Date(Math.min(startOfUtcDay(earliest).getTime(), today.getTime()));
      const days = Math.round((today.getTime() - first.getTime()) / DAY_MS) + 1;
      return dailyBuckets(first, days, true);
    }
  }
}
