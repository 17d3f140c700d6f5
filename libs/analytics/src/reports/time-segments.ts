import { DAY_MS, HOUR_MS } from '@castbase/contracts';

/** Where a piece of a time range is counted from: the monthly, daily or hourly rollups, or the events themselves. */
export type SegmentSource = 'months' | 'days' | 'hours' | 'events';
export type RollupGrain = Exclude<SegmentSource, 'events'>;

/** A piece of a time range, [from, to), null for unbounded; whole UTC months, days or hours for the rollups. */
export interface TimeSegment {
  source: SegmentSource;
  from: Date | null;
  to: Date | null;
}

const startOfMonth = (ms: number) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
};
const nextMonth = (ms: number) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
};

/** Each grain's boundaries at or before, and at or after, an instant. */
const GRAINS: ReadonlyArray<{
  source: RollupGrain;
  floor: (ms: number) => number;
  ceil: (ms: number) => number;
}> = [
  { source: 'months', floor: startOfMonth, ceil: (ms) => (startOfMonth(ms) === ms ? ms : nextMonth(ms)) },
  {
    source: 'days',
    floor: (ms) => Math.floor(ms / DAY_MS) * DAY_MS,
    ceil: (ms) => Math.ceil(ms / DAY_MS) * DAY_MS,
  },
  {
    source: 'hours',
    floor: (ms) => Math.floor(ms / HOUR_MS) * HOUR_MS,
    ceil: (ms) => Math.ceil(ms / HOUR_MS) * HOUR_MS,
  },
];

/**
 * Splits [from, to) into the coarsest pieces the rollups answer exactly, in time order: whole UTC months, then the
 * days at their edges, the hours at those edges, and the rest of an edge hour from the events themselves. `coarsest`
 * is the largest grain a figure can use (a trend of days cannot read months); hours before `hoursSince` are no longer
 * kept, so those are read from the events (as is everything finer than `finest`, for rollups without hours). All Time is one piece of months; 30 Days the days to the end of the month
 * and the months after; 24 Hours (whole hours) hours then days; a range from `now - 60 days` a few minutes of events,
 * that day's hours, days, then months.
 */
export function timeSegments(
  from: Date | null,
  to: Date | null,
  options: { coarsest?: RollupGrain; hoursSince?: Date | null; finest?: RollupGrain } = {},
): TimeSegment[] {
  const level = GRAINS.findIndex((grain) => grain.source === (options.coarsest ?? 'months'));
  const finest = GRAINS.findIndex((grain) => grain.source === (options.finest ?? 'hours'));
  return split(from, to, level, options.hoursSince ?? null, finest);
}

function split(
  from: Date | null,
  to: Date | null,
  level: number,
  hoursSince: Date | null,
  finest: number,
): TimeSegment[] {
  if (from && to && from >= to) return [];
  const grain = level <= finest ? GRAINS[level] : undefined;
  if (!grain) return [{ source: 'events', from, to }];
  if (grain.source === 'hours' && hoursSince && (!from || from < hoursSince)) {
    // The hours before `hoursSince` are gone: the events answer that part.
    const cut = to && to < hoursSince ? to : hoursSince;
    return [
      { source: 'events', from, to: cut },
      ...(cut === hoursSince ? split(hoursSince, to, level, null, finest) : []),
    ];
  }
  const start = from && new Date(grain.ceil(from.getTime()));
  const end = to && new Date(grain.floor(to.getTime()));
  // No whole unit of this grain inside: a finer one answers the whole range.
  if (start && end && start >= end) return split(from, to, level + 1, hoursSince, finest);
  return [
    ...(from && start && start > from ? split(from, start, level + 1, hoursSince, finest) : []),
    { source: grain.source, from: start, to: end },
    ...(to && end && end < to ? split(end, to, level + 1, hoursSince, finest) : []),
  ];
}
