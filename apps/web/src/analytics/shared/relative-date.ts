// A date as people say it relative to now ('3 days ago', 'yesterday', 'in 2 hours'), for the analytics headers'
// 'Published …'. Intl words it; the unit is the largest that fits.

const formatter = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function formatRelativeDate(date: Date, now: Date = new Date()): string {
  const elapsed = date.getTime() - now.getTime();
  for (const [unit, size] of UNITS) {
    if (Math.abs(elapsed) >= size) return formatter.format(Math.round(elapsed / size), unit);
  }
  return formatter.format(0, 'second');
}
