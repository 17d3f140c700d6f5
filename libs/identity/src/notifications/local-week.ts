import { TZDate } from '@date-fns/tz';

/** The local hour from which a creator's Monday report goes out (their Monday morning). */
export const WEEKLY_REPORT_LOCAL_HOUR = 8;

const DAY_MS = 86_400_000;

/** The instant a local calendar day starts in the zone (a `Date.UTC` midnight naming the day). */
function startOfLocalDay(utcMidnight: number, timeZone: string): Date {
  const day = new Date(utcMidnight);
  return new Date(new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), timeZone).getTime());
}

/** 'YYYY-MM-DD' of a calendar date given as UTC midnight. */
function dateKey(utcMidnight: number): string {
  return new Date(utcMidnight).toISOString().slice(0, 10);
}

/** The week a Monday report tells: Monday 00:00 to the next Monday 00:00 in the creator's zone, and its dates. */
export interface ReportedWeek {
  from: Date;
  to: Date;
  /** The week's first and last local dates, 'YYYY-MM-DD'. */
  firstDay: string;
  lastDay: string;
}

/**
 * The week to report at `now` for a creator in `timeZone`: on their Monday from WEEKLY_REPORT_LOCAL_HOUR on, the week
 * that ended at their Monday's midnight; null at any other time (the report waits for next Monday).
 */
export function reportedWeek(now: Date, timeZone: string): ReportedWeek | null {
  const local = new TZDate(now.getTime(), timeZone);
  if (local.getDay() !== 1 || local.getHours() < WEEKLY_REPORT_LOCAL_HOUR) return null;
  const monday = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate());
  const previousMonday = monday - 7 * DAY_MS;
  return {
    from: startOfLocalDay(previousMonday, timeZone),
    to: startOfLocalDay(monday, timeZone),
    firstDay: dateKey(previousMonday),
    lastDay: dateKey(monday - DAY_MS),
  };
}
