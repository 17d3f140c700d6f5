import { describe, expect, it } from '@jest/globals';
import {
  ANALYTICS_CACHE_TTL_MS,
  ANALYTICS_TOP_LISTS,
  countryName,
  episodePerformance,
  formatMinutes,
  formatPercent,
  formatPercentChange,
  growthRate,
  isCompletionHealthy,
  isGrowthPositive,
  listenerRetention,
  monthOverMonthGrowth,
  percentOf,
  performanceLabel,
  performanceScore,
  playsBonus,
  REALTIME_WINDOW_MS,
  secondsToMinutes,
  sessionCompletionPercent,
  subscriberEstimate,
  trendingScore,
  weekOverWeekTrend,
} from './analytics-formulas.js';

const today = new Date('2026-05-10T15:20:00Z');

describe('performance score (spec 3 §9)', () => {
  it('adds min(40, 0.4 × completion), 0.3 × min(100, listen / 1800 s × 100) and the plays bonus, rounded', () => {
    // 20 + 15 + 10
    expect(performanceScore({ completionRate: 50, averageListenSeconds: 900, plays: 200 })).toBe(45);
    // 35 + 0.3 × 68.56 = 20.57 + 20 = 75.57
    expect(performanceScore({ completionRate: 87.5, averageListenSeconds: 1234, plays: 501 })).toBe(76);
    // 0.5 + 0 + 5 = 5.5, rounded up
    expect(performanceScore({ completionRate: 1.25, averageListenSeconds: 0, plays: 0 })).toBe(6);
    expect(performanceScore({ completionRate: 0, averageListenSeconds: 0, plays: 0 })).toBe(5);
  });

  it('caps the listen part at 30 minutes and the whole at 100', () => {
    expect(performanceScore({ completionRate: 100, averageListenSeconds: 1800, plays: 1000 })).toBe(90);
    expect(performanceScore({ completionRate: 100, averageListenSeconds: 7200, plays: 1001 })).toBe(100);
  });

  it('gives a plays bonus of 30 over 1000, 20 over 500, 10 over 100, else 5', () => {
    expect([0, 100, 101, 500, 501, 1000, 1001].map(playsBonus)).toEqual([5, 5, 10, 10, 20, 20, 30]);
  });

  it("labels 80 and up 'Excellent Performance', 60 'Good', 40 'Average', lower 'Needs Improvement'", () => {
    expect([100, 80, 79, 60, 59, 40, 39, 0].map(performanceLabel)).toEqual([
      'Excellent Performance',
      'Excellent Performance',
      'Good',
      'Good',
      'Average',
      'Average',
      'Needs Improvement',
      'Needs Improvement',
    ]);
  });

  it('gives no score when completion or listen time is not measured, rather than scoring invented zeros', () => {
    expect(episodePerformance({ completionRate: 50, averageListenSeconds: 900, plays: 200 })).toEqual({
      score: 45,
      label: 'Average',
    });
    expect(episodePerformance({ completionRate: null, averageListenSeconds: 900, plays: 5000 })).toBeNull();
    expect(episodePerformance({ completionRate: 50, averageListenSeconds: null, plays: 5000 })).toBeNull();
  });
});

describe('growth and trends (spec 3 §9)', () => {
  it('is the percent change, 100 from nothing to something, and 0 from nothing to nothing', () => {
    expect(growthRate(150, 100)).toBe(50);
    expect(growthRate(50, 100)).toBe(-50);
    expect(growthRate(0, 10)).toBe(-100);
    expect(growthRate(5, 0)).toBe(100);
    expect(growthRate(0, 0)).toBe(0);
  });

  it('compares the last 7 UTC days (today included) with the 7 before, ignoring older and later days', () => {
    const daily = [
      { date: '2026-04-26', plays: 1000 },
      { date: '2026-04-27', plays: 10 },
      { date: '2026-05-03', plays: 30 },
      { date: '2026-05-04', plays: 20 },
      { date: '2026-05-10', plays: 40 },
      { date: '2026-05-11', plays: 500 },
    ];
    // last 20 + 40 = 60 against 10 + 30 = 40
    expect(weekOverWeekTrend(daily, today)).toBe(50);
  });

  it('gives 100 when the earlier week had no plays, 0 when neither had, and 0 with fewer than 2 points', () => {
    expect(
      weekOverWeekTrend(
        [
          { date: '2026-05-01', plays: 0 },
          { date: '2026-05-09', plays: 3 },
        ],
        today,
      ),
    ).toBe(100);
    expect(
      weekOverWeekTrend(
        [
          { date: '2026-05-01', plays: 0 },
          { date: '2026-05-09', plays: 0 },
        ],
        today,
      ),
    ).toBe(0);
    expect(weekOverWeekTrend([{ date: '2026-05-10', plays: 40 }], today)).toBe(0);
    expect(weekOverWeekTrend([], today)).toBe(0);
  });

  it('compares the last 30 days with the 30 before for monthly growth', () => {
    const daily = [
      { date: '2026-03-11', plays: 99 },
      { date: '2026-03-12', plays: 5 },
      { date: '2026-04-10', plays: 15 },
      { date: '2026-04-11', plays: 30 },
    ];
    // last (Apr 11 – May 10) 30 against previous (Mar 12 – Apr 10) 20
    expect(monthOverMonthGrowth(daily, today)).toBe(50);
  });

  it('colours growth green at 0 or above and completion green at 50 or above', () => {
    expect([isGrowthPositive(0), isGrowthPositive(-0.1)]).toEqual([true, false]);
    expect([isCompletionHealthy(50), isCompletionHealthy(49.9)]).toEqual([true, false]);
  });
});

describe('listeners', () => {
  it('retains the share of the 30–60-day listeners heard again in the last 30 days', () => {
    expect(listenerRetention({ previousWindowListeners: 40, returningListeners: 10 })).toBe(25);
    expect(listenerRetention({ previousWindowListeners: 3, returningListeners: 1 })).toBeCloseTo(33.333, 3);
    expect(listenerRetention({ previousWindowListeners: 7, returningListeners: 7 })).toBe(100);
  });

  it('has no retention when nobody listened 30 to 60 days ago', () => {
    expect(listenerRetention({ previousWindowListeners: 0, returningListeners: 0 })).toBeNull();
  });

  it('refuses more returning listeners than the earlier window had', () => {
    expect(() => listenerRetention({ previousWindowListeners: 4, returningListeners: 5 })).toThrow(
      RangeError,
    );
    expect(() => listenerRetention({ previousWindowListeners: 4, returningListeners: -1 })).toThrow(
      RangeError,
    );
  });

  it('completes a session by the seconds actually played over the duration, at most 100 %', () => {
    expect(sessionCompletionPercent(900, 1800)).toBe(50);
    expect(sessionCompletionPercent(2000, 1800)).toBe(100);
    expect(sessionCompletionPercent(-5, 100)).toBe(0);
    expect(sessionCompletionPercent(10, 0)).toBe(0);
  });

  it('scores trending episodes 10 × plays in the last hour, over a one-hour window', () => {
    expect(trendingScore(7)).toBe(70);
    expect(trendingScore(0)).toBe(0);
    expect(REALTIME_WINDOW_MS).toBe(60 * 60 * 1000);
  });

  it('estimates subscribers as what aggregators report plus each other distinct fetcher', () => {
    expect(subscriberEstimate({ fromAggregators: 120, distinctFetchers: 35 })).toBe(155);
  });
});

describe('display', () => {
  it('writes percents with one decimal, never "-0.0%", and "—" when not measured', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(99.95)).toBe('100.0%');
    expect(formatPercent(-12.26)).toBe('-12.3%');
    expect(formatPercent(-0.04)).toBe('0.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(null)).toBe('—');
  });

  it('writes a change with its sign, and no sign on a change that rounds to nothing', () => {
    expect(formatPercentChange(12.345)).toBe('+12.3%');
    expect(formatPercentChange(-4)).toBe('-4.0%');
    expect(formatPercentChange(0.04)).toBe('0.0%');
    expect(formatPercentChange(-0.04)).toBe('0.0%');
    expect(formatPercentChange(0)).toBe('0.0%');
  });

  it('writes durations in minutes with one decimal', () => {
    expect(formatMinutes(12.56)).toBe('12.6 min');
    expect(formatMinutes(0)).toBe('0.0 min');
    expect(formatMinutes(null)).toBe('—');
    expect(secondsToMinutes(754)).toBeCloseTo(12.567, 3);
    expect(formatMinutes(secondsToMinutes(754))).toBe('12.6 min');
    expect(secondsToMinutes(null)).toBeNull();
  });

  it('takes a percent of a total, 0 of nothing', () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });

  it("names countries in English, and 'Unknown' for no location or a code that names no region", () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('Unknown')).toBe('Unknown');
    expect(countryName('ZZ')).toBe('Unknown');
    expect(countryName('us')).toBe('Unknown');
  });

  it('keeps the top lists and the cache at the sizes of spec 3 §9', () => {
    expect(ANALYTICS_TOP_LISTS).toMatchObject({
      feedCountries: 10,
      feedApps: 10,
      podcastEpisodes: 10,
      podcastScreenEpisodes: 5,
      podcastScreenCountries: 5,
      podcastScreenApps: 5,
      episodeCountryChart: 10,
      episodeCountryCards: 12,
      trendingEpisodes: 5,
      peakHours: 3,
    });
    expect(ANALYTICS_CACHE_TTL_MS).toBe(5 * 60 * 1000);
  });
});
