import { DEFAULT_SCHEDULE_HOUR } from '@castbase/contracts';

// Wall-clock dates and times in a named timezone (the creator's), as the schedule form's date and time fields hold
// them, and the instants they stand for.

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The browser's timezone, or UTC when it does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** True when the runtime knows the timezone (a profile may hold one this browser does not). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

function dateField({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Today's date in the timezone, as a date field holds it ('2026-11-25'): the date field's minimum. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dateField(wallClockAt(now, timeZone));
}

/** The date and time fields that show an instant in the timezone. */
export function scheduleFieldsAt(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = wallClockAt(instant, timeZone);
  return { date: dateField(wall), time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/** The schedule form's default: tomorrow at 09:00 in the timezone. */
export function defaultScheduleFields(
  timeZone: string,
  now: Date = new Date(),
): { date: string; time: string } {
  const today = wallClockAt(now, timeZone);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return {
    date: dateField({
      year: tomorrow.getUTCFullYear(),
      month: tomorrow.getUTCMonth() + 1,
      day: tomorrow.getUTCDate(),
    }),
    time: `${pad(DEFAULT_SCHEDULE_HOUR)}:00`,
  };
}

/**
 * The instant a date ('2026-11-26') and time ('09:00') stand for in the timezone, or null when either is not a
 * date or time. The zone's offset is read at the first guess and again at the result, so a date on the far side
 * of a daylight-saving change gets that side's offset.
 */
export function instantOf(date: string, time: string, timeZone: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^(\d{2}):(\d{2})/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const [, year, month, day] = dateMatch.map(Number) as [number, number, number, number];
  const [, hour, minute] = timeMatch.map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  const offsetAt = (instant: number) => {
    const wall = wallClockAt(new Date(instant), timeZone);
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - instant;
  };
  const firstGuess = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(firstGuess));
}

/** A date and time for people: 'Thu, Nov 26, 2026, 09:00' in the timezone. */
export function formatInTimeZone(instant: string | Date, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}
