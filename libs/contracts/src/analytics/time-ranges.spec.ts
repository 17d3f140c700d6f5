import { describe, expect, it } from '@jest/globals';
import {
  ANALYTICS_EXPORT_PRESETS,
  ANALYTICS_TIME_RANGES,
  analyticsRangeStart,
  analyticsTimeRangeLabels,
  analyticsTimeRangeSchema,
  dailyTrendLabel,
  trendBuckets,
  type TrendBucket,
} from './time-ranges.js';

const now = new Date('2026-05-10T15:20:00Z');
const iso = (date: Date | null) => date?.toISOString() ?? null;

function expectContiguous(buckets: TrendBucket[]) {
  for (let index = 1; index < buckets.length; index++) {
    expect(buckets[index]!.start.getTime()).toBe(buckets[index - 1]!.end.getTime());
  }
}

describe('analytics time ranges (spec 3 §2.2, §9)', () => {
  it('offers 1d, 7d, 30d, 90d, 1y and all, labelled as the spec says, 30 Days by default', () => {
    expect(ANALYTICS_TIME_RANGES).toEqual(['1d', '7d', '30d', '90d', '1y', 'all']);
    expect(analyticsTimeRangeLabels).toEqual({
      '1d': '24 Hours',
      '7d': '7 Days',
      '30d': '30 Days',
      '90d': '90 Days',
      '1y': '1 Year',
      all: 'All Time',
    });
    expect(analyticsTimeRangeSchema.parse(undefined)).toBe('30d');
    expect(analyticsTimeRangeSchema.parse('90d')).toBe('90d');
  });

  it('refuses another range with "Choose a time range: 1d, 7d, 30d, 90d, 1y or all"', () => {
    const result = analyticsTimeRangeSchema.safeParse('week');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Choose a time range: 1d, 7d, 30d, 90d, 1y or all');
  });

  it("maps the export dialog's presets to the same ranges", () => {
    expect(ANALYTICS_EXPORT_PRESETS.map(({ range, label }) => `${range}=${label}`)).toEqual([
      '1d=Last 24 Hours',
      '7d=Last 7 Days',
      '30d=Last 30 Days',
      '90d=Last 90 Days',
      '1y=Last Year',
      'all=All Time',
    ]);
  });

  it('starts 24 Hours 23 hours before the clock hour in progress, so 24 whole clock hours are covered', () => {
    expect(iso(analyticsRangeStart('1d', now))).toBe('2026-05-09T16:00:00.000Z');
    expect(iso(analyticsRangeStart('1d', new Date('2026-05-10T15:00:00Z')))).toBe('2026-05-09T16:00:00.000Z');
    expect(iso(analyticsRangeStart('1d', new Date('2026-05-10T14:59:59.999Z')))).toBe(
      '2026-05-09T15:00:00.000Z',
    );
  });

  it('starts a range of n days at 00:00 UTC n − 1 days before today; 1 Year is 365 days; All Time has no start', () => {
    expect(iso(analyticsRangeStart('7d', now))).toBe('2026-05-04T00:00:00.000Z');
    expect(iso(analyticsRangeStart('30d', now))).toBe('2026-04-11T00:00:00.000Z');
    expect(iso(analyticsRangeStart('90d', now))).toBe('2026-02-10T00:00:00.000Z');
    expect(iso(analyticsRangeStart('1y', now))).toBe('2025-05-11T00:00:00.000Z');
    // Across 29 February 2028: still 365 days, so a day later in the calendar than a year before.
    expect(iso(analyticsRangeStart('1y', new Date('2028-03-01T08:00:00Z')))).toBe('2027-03-03T00:00:00.000Z');
    expect(analyticsRangeStart('all', now)).toBeNull();
  });

  it('charts 24 Hours as 8 three-hour steps ending with the hour in progress', () => {
    const buckets = trendBuckets('1d', now);
    expect(buckets).toHaveLength(8);
    expect(buckets.map((bucket) => bucket.label)).toEqual([
      '16:00',
      '19:00',
      '22:00',
      '01:00',
      '04:00',
      '07:00',
      '10:00',
      '13:00',
    ]);
    expect(iso(buckets[0]!.start)).toBe('2026-05-09T16:00:00.000Z');
    expect(iso(buckets[7]!.end)).toBe('2026-05-10T16:00:00.000Z');
    expectContiguous(buckets);
  });

  it('charts 7 Days as today and the six UTC days before it, across a year end too', () => {
    const buckets = trendBuckets('7d', now);
    expect(buckets.map((bucket) => bucket.label)).toEqual([
      'May 4',
      'May 5',
      'May 6',
      'May 7',
      'May 8',
      'May 9',
      'May 10',
    ]);
    expect(iso(buckets[0]!.start)).toBe(iso(analyticsRangeStart('7d', now)));
    expect(iso(buckets[6]!.end)).toBe('2026-05-11T00:00:00.000Z');
    expectContiguous(buckets);
    expect(trendBuckets('7d', new Date('2026-01-02T00:00:00Z')).map((bucket) => bucket.label)).toEqual([
      'Dec 27',
      'Dec 28',
      'Dec 29',
      'Dec 30',
      'Dec 31',
      'Jan 1',
      'Jan 2',
    ]);
  });

  it('charts 30 and 90 Days by day and 1 Year by day with the year', () => {
    const thirty = trendBuckets('30d', now);
    expect(thirty).toHaveLength(30);
    expect([thirty[0]!.label, thirty[29]!.label]).toEqual(['Apr 11', 'May 10']);
    const ninety = trendBuckets('90d', now);
    expect(ninety).toHaveLength(90);
    expect(ninety[0]!.label).toBe('Feb 10');
    expectContiguous(ninety);
    const year = trendBuckets('1y', now);
    expect(year).toHaveLength(365);
    expect([year[0]!.label, year[364]!.label]).toEqual(['May 11, 2025', 'May 10, 2026']);
  });

  it("labels a daily series' days as the trend buckets do, in UTC", () => {
    expect(dailyTrendLabel('2026-05-04', '30d')).toBe('May 4');
    expect(dailyTrendLabel('2026-05-04', '1d')).toBe('May 4');
    expect(dailyTrendLabel('2025-12-31', '1y')).toBe('Dec 31, 2025');
    expect(dailyTrendLabel('2026-01-01', 'all')).toBe('Jan 1, 2026');
  });

  it('charts All Time by day from the first event, or the last 30 days when there is none', () => {
    const fromFirst = trendBuckets('all', now, new Date('2026-05-08T23:59:00Z'));
    expect(fromFirst.map((bucket) => bucket.label)).toEqual(['May 8, 2026', 'May 9, 2026', 'May 10, 2026']);
    expect(iso(fromFirst[0]!.start)).toBe('2026-05-08T00:00:00.000Z');

    const empty = trendBuckets('all', now);
    expect(empty).toHaveLength(30);
    expect(empty[0]!.label).toBe('Apr 11, 2026');
    expect(trendBuckets('all', now, null)).toEqual(empty);

    const sameDay = trendBuckets('all', now, new Date('2026-05-10T15:00:00Z'));
    expect(sameDay.map((bucket) => bucket.label)).toEqual(['May 10, 2026']);
    // A clock ahead of the server's still charts today.
    expect(trendBuckets('all', now, new Date('2026-05-12T00:00:00Z'))).toHaveLength(1);
  });
});
