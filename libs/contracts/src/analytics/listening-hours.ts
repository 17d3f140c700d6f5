import { ANALYTICS_TOP_LISTS, percentOf } from './analytics-formulas.js';

// When people listen and fetch: day parts and peak hours (spec 3 §9). Hours are UTC hours, 0 to 23, as the hourly
// rollups keep them; a listener's own clock is not known for downloads made by podcast apps.

export const HOURS_PER_DAY = 24;

/** The day parts of spec 3 §9, each from its start hour (inclusive) to its end hour (exclusive). */
export const DAY_PARTS = [
  { part: 'morning', label: 'Morning', startHour: 6, endHour: 12 },
  { part: 'afternoon', label: 'Afternoon', startHour: 12, endHour: 18 },
  { part: 'evening', label: 'Evening', startHour: 18, endHour: 24 },
  { part: 'night', label: 'Night', startHour: 0, endHour: 6 },
] as const;
export type DayPart = (typeof DAY_PARTS)[number]['part'];
export const DAY_PART_KEYS = DAY_PARTS.map((dayPart) => dayPart.part) as [DayPart, ...DayPart[]];

function assertHour(hour: number): void {
  if (!Number.isInteger(hour) || hour < 0 || hour >= HOURS_PER_DAY) {
    throw new RangeError(`An hour of the day is a whole number from 0 to 23, not ${hour}`);
  }
}

function assertHourly(hourly: readonly number[]): void {
  if (hourly.length !== HOURS_PER_DAY) {
    throw new RangeError(`An hourly distribution has 24 counts, not ${hourly.length}`);
  }
}

/** Morning 6–12, Afternoon 12–18, Evening 18–24, Night 0–6. */
export function dayPartOf(hour: number): DayPart {
  assertHour(hour);
  const dayPart = DAY_PARTS.find(({ startHour, endHour }) => hour >= startHour && hour < endHour);
  // The four parts cover 0 to 24 whole, so an hour that passed assertHour always has one.
  return dayPart?.part ?? 'night';
}

export interface DayPartShare {
  part: DayPart;
  plays: number;
  /** Percent of the day's plays; 0 when there are none. */
  percent: number;
}

/** Plays per day part from 24 hourly counts, in DAY_PARTS order (Morning, Afternoon, Evening, Night). */
export function dayPartBreakdown(hourly: readonly number[]): DayPartShare[] {
  assertHourly(hourly);
  const total = hourly.reduce((sum, count) => sum + count, 0);
  return DAY_PARTS.map(({ part, startHour, endHour }) => {
    const plays = hourly.slice(startHour, endHour).reduce((sum, count) => sum + count, 0);
    return { part, plays, percent: percentOf(plays, total) };
  });
}

export interface PeakHour {
  hour: number;
  count: number;
}

/**
 * The busiest hours, busiest first; of hours with the same count the earlier comes first. Hours with no requests are
 * never peaks, so an empty day has none.
 */
export function peakHours(
  hourly: readonly number[],
  count: number = ANALYTICS_TOP_LISTS.peakHours,
): PeakHour[] {
  assertHourly(hourly);
  return hourly
    .map((requests, hour) => ({ hour, count: requests }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.hour - b.hour)
    .slice(0, count);
}

/** An hour of the day as a UTC clock range: '14:00–15:00 UTC'. */
export function formatHourRange(hour: number): string {
  assertHour(hour);
  const clock = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return `${clock(hour)}–${clock((hour + 1) % HOURS_PER_DAY)} UTC`;
}
