import { DAY_MS, UNKNOWN_COUNTRY, utcDateKey } from '@castbase/contracts';
import { HOURS_KEPT_DAYS } from '../database/counts-rollup.js';
import { timeSegments, type RollupGrain, type SegmentSource, type TimeSegment } from './time-segments.js';

/** Which events a figure covers: a podcast's or one episode's, at or after `from` (null: all), before `to`. */
export interface RollupScope {
  podcastId: string;
  episodeId?: string;
  from: Date | null;
  to?: Date;
}

/** Which downloads a figure covers: a podcast's or one episode's, counted at or after `from` (null: all). */
export type DownloadScope = RollupScope;

/** A piece of SQL with its `?` parameters. */
export interface Sql {
  text: string;
  parameters: unknown[];
}

/** A counts rollup as the queries read it (database/counts-rollup.ts writes it), beside its events. */
export interface RollupTables<Dimension extends string> {
  /** `analytics.<level>_<noun>_<grain>`. */
  table: (level: 'podcast' | 'episode', grain: RollupGrain) => string;
  /** The events, aliased `d`, and their time column. */
  events: string;
  time: string;
  /** Each dimension's value over an event, and the condition an event meets to count in it. */
  valueOf: Record<Dimension, string>;
  condition: (dimension: Dimension) => string;
}

/** A dimension of the download rollups; `episode` and `hour` (of the day) at the podcast level only. */
export type DownloadDimension = 'total' | 'country' | 'app' | 'device' | 'source' | 'episode' | 'hour';

/** The download rollups of migration 20261127000100_download_rollups, over the counted downloads. */
export const DOWNLOAD_TABLES: RollupTables<DownloadDimension> = {
  table: (level, grain) => `analytics.${level}_download_${grain}`,
  events: 'analytics.downloads d',
  time: 'd.counted_at',
  valueOf: {
    total: `''`,
    country: `coalesce(d.country, '${UNKNOWN_COUNTRY}')`,
    app: 'd.app',
    device: 'd.device',
    source: 'd.source',
    episode: 'd.episode_id::text',
    hour: `extract(hour from d.counted_at at time zone 'UTC')::int::text`,
  },
  condition: () => 'd.excluded is null',
};

/** The first hour the hourly rollups still hold (they are kept HOURS_KEPT_DAYS days; one day less, to be safe). */
export function hoursKeptSince(now: number): Date {
  return new Date(Math.floor(now / DAY_MS) * DAY_MS - (HOURS_KEPT_DAYS - 1) * DAY_MS);
}

/** The scope's range in pieces (timeSegments), the hours no longer kept read from the events. */
export function segmentsOf(scope: RollupScope, coarsest: RollupGrain = 'months'): TimeSegment[] {
  return timeSegments(scope.from, scope.to ?? null, { coarsest, hoursSince: hoursKeptSince(Date.now()) });
}

/** The scope's condition on a rollup table of its level (`prefix` ''), or on the events `d` (`prefix` 'd.'). */
export function scopeSql(scope: RollupScope, prefix: '' | 'd.' | 's.'): Sql {
  return scope.episodeId
    ? {
        text: `${prefix}podcast_id = ? and ${prefix}episode_id = ?`,
        parameters: [scope.podcastId, scope.episodeId],
      }
    : { text: `${prefix}podcast_id = ?`, parameters: [scope.podcastId] };
}

const TIME_COLUMN: Record<RollupGrain, string> = { months: 'month', days: 'day', hours: 'hour' };

/**
 * One segment's rows of a dimension: the rollup rows in its months, days or hours, or the events in it that count in
 * the dimension. `select` is the select list for its source (over a rollup row, or over an event `d`).
 */
export function segmentSql<Dimension extends string>(
  tables: RollupTables<Dimension>,
  scope: RollupScope,
  segment: TimeSegment,
  dimension: Dimension,
  select: (source: SegmentSource) => string,
): Sql {
  const source = segment.source;
  const rollup = source !== 'events';
  const scoped = scopeSql(scope, rollup ? '' : 'd.');
  const conditions = [scoped.text, rollup ? 'dimension = ?' : tables.condition(dimension)];
  const parameters = [...scoped.parameters, ...(rollup ? [dimension] : [])];
  const column = rollup ? TIME_COLUMN[source] : tables.time;
  const bound = (date: Date) => (source === 'months' || source === 'days' ? utcDateKey(date) : date);
  if (segment.from) {
    conditions.push(`${column} >= ?`);
    parameters.push(bound(segment.from));
  }
  if (segment.to) {
    conditions.push(`${column} < ?`);
    parameters.push(bound(segment.to));
  }
  const table = rollup ? tables.table(scope.episodeId ? 'episode' : 'podcast', source) : tables.events;
  return { text: `select ${select(source)} from ${table} where ${conditions.join(' and ')}`, parameters };
}

/** A column of the union: summed from the rollup rows, aggregated from the events. */
export interface Measure {
  name: string;
  rollup: string;
  events: string;
}

export const PLAYS: readonly Measure[] = [{ name: 'n', rollup: 'sum(plays)', events: 'count(*)' }];

/**
 * `select <value> as value, <measures> ... group by 1` for each segment, joined by `union all`. `dimension` is the
 * rollup dimension each source is read under (a figure per hour of the day reads `hour` from days but `total` from
 * hours), `valueOf` its grouping expression.
 */
export function bySegment<Dimension extends string>(
  tables: RollupTables<Dimension>,
  scope: RollupScope,
  segments: readonly TimeSegment[],
  dimension: Dimension | ((source: SegmentSource) => Dimension),
  valueOf: (source: SegmentSource) => string,
  measures: readonly Measure[] = PLAYS,
): Sql {
  const parts = segments.map((segment) =>
    segmentSql(
      tables,
      scope,
      segment,
      typeof dimension === 'function' ? dimension(segment.source) : dimension,
      (source) =>
        [
          `${valueOf(source)} as value`,
          ...measures.map(
            (measure) => `${source === 'events' ? measure.events : measure.rollup} as ${measure.name}`,
          ),
        ].join(', '),
    ),
  );
  return {
    text: parts.map((part) => `${part.text} group by 1`).join(' union all '),
    parameters: parts.flatMap((part) => part.parameters),
  };
}

/** `valueOf` for a dimension's own values: the rollups' `value`, or the same expression over an event. */
export const dimensionValue =
  <Dimension extends string>(tables: RollupTables<Dimension>, dimension: Dimension) =>
  (source: SegmentSource): string =>
    source === 'events' ? tables.valueOf[dimension] : 'value';

/** The UTC day of each source's rows (never months). */
export const dayValue =
  (time: string) =>
  (source: SegmentSource): string =>
    ({
      months: 'month',
      days: 'day',
      hours: `(hour at time zone 'UTC')::date`,
      events: `(${time} at time zone 'UTC')::date`,
    })[source];

/** The UTC hour of the day (0 to 23) of each source's rows: a day's `hour` dimension, an hour's own, an event's. */
export const hourOfDayValue =
  (time: string) =>
  (source: SegmentSource): string =>
    source === 'months' || source === 'days'
      ? 'value::int'
      : `extract(hour from ${source === 'events' ? time : 'hour'} at time zone 'UTC')::int`;

/** The index of the equal buckets of `stepMs` from `startMs` each source's rows fall in (never months). */
export const bucketValue =
  (time: string, startMs: number, stepMs: number) =>
  (source: SegmentSource): string => {
    const epoch = { months: 'month::timestamp', days: 'day::timestamp', hours: 'hour', events: time }[source];
    return `floor((extract(epoch from ${epoch}) * 1000 - ${startMs}) / ${stepMs})::int`;
  };
