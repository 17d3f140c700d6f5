import { describe, expect, it } from '@jest/globals';
import { DAY_PARTS, dayPartBreakdown, dayPartOf, formatHourRange, peakHours } from './listening-hours.js';

const hourly = (counts: Record<number, number>) => Array.from({ length: 24 }, (_, hour) => counts[hour] ?? 0);

describe('day parts (spec 3 §9)', () => {
  it('are Morning 6–12, Afternoon 12–18, Evening 18–24 and Night 0–6', () => {
    expect(DAY_PARTS.map(({ label, startHour, endHour }) => `${label} ${startHour}-${endHour}`)).toEqual([
      'Morning 6-12',
      'Afternoon 12-18',
      'Evening 18-24',
      'Night 0-6',
    ]);
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(dayPartOf)).toEqual([
      'night',
      'night',
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });

  it('refuses an hour that is not a whole number from 0 to 23', () => {
    for (const hour of [-1, 24, 6.5, Number.NaN]) expect(() => dayPartOf(hour)).toThrow(RangeError);
  });

  it('adds up the hours of each part with its share of the day', () => {
    // Hour h has h + 1 plays: 300 in all.
    const counts = Array.from({ length: 24 }, (_, hour) => hour + 1);
    expect(dayPartBreakdown(counts)).toEqual([
      { part: 'morning', plays: 57, percent: 19 },
      { part: 'afternoon', plays: 93, percent: 31 },
      { part: 'evening', plays: 129, percent: 43 },
      { part: 'night', plays: 21, percent: 7 },
    ]);
  });

  it('gives every part 0 % on a day without plays, and refuses a distribution of other than 24 hours', () => {
    expect(dayPartBreakdown(hourly({})).map((share) => share.percent)).toEqual([0, 0, 0, 0]);
    expect(() => dayPartBreakdown(new Array<number>(23).fill(1))).toThrow(RangeError);
  });
});

describe('peak hours', () => {
  it('are the 3 busiest hours, busiest first, the earlier of equals first', () => {
    const counts = hourly({ 3: 5, 14: 9, 20: 5, 21: 2 });
    expect(peakHours(counts)).toEqual([
      { hour: 14, count: 9 },
      { hour: 3, count: 5 },
      { hour: 20, count: 5 },
    ]);
    expect(peakHours(counts, 2)).toEqual([
      { hour: 14, count: 9 },
      { hour: 3, count: 5 },
    ]);
  });

  it('leave out hours without requests, so a quiet day has none', () => {
    expect(peakHours(hourly({ 9: 1 }))).toEqual([{ hour: 9, count: 1 }]);
    expect(peakHours(hourly({}))).toEqual([]);
  });

  it('read as UTC clock ranges', () => {
    expect(formatHourRange(14)).toBe('14:00–15:00 UTC');
    expect(formatHourRange(23)).toBe('23:00–00:00 UTC');
    expect(formatHourRange(0)).toBe('00:00–01:00 UTC');
  });
});
