import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_DEVICES,
  countryName,
  DAY_MS,
  HOUR_MS,
  percentOf,
  utcDateKey,
  type AnalyticsDevice,
  type AppShare,
  type CountryPlays,
  type DailyPlays,
  type DeviceShare,
  type SourceShare,
  type TrendBucket,
} from '@castbase/contracts';
import { DistinctListeners } from './distinct-listeners.js';
import { ListeningRollup, type ListeningFigures } from './listening-figures.js';
import {
  bucketValue,
  bySegment,
  dayValue,
  dimensionValue,
  DOWNLOAD_TABLES,
  hourOfDayValue,
  segmentsOf,
  segmentSql,
  type DownloadDimension,
  type DownloadScope,
  type RollupScope,
} from './rollup-sql.js';
import type { RollupGrain, SegmentSource, TimeSegment } from './time-segments.js';

export type { DownloadScope } from './rollup-sql.js';
export type { ListeningFigures } from './listening-figures.js';

const TIME = DOWNLOAD_TABLES.time;
const plays = (
  scope: RollupScope,
  segments: readonly TimeSegment[],
  dimension: DownloadDimension | ((source: SegmentSource) => DownloadDimension),
  valueOf: (source: SegmentSource) => string,
) => bySegment(DOWNLOAD_TABLES, scope, segments, dimension, valueOf);
/** A segment's rows of the total plays, with `select` over a rollup row or a download. */
const totalRows = (scope: RollupScope, segment: TimeSegment, select: (source: SegmentSource) => string) =>
  segmentSql(DOWNLOAD_TABLES, scope, segment, 'total', select);

type Row = Record<string, unknown>;

/**
 * The figures of the analytics screens. Plays are read from the rollups of the counted downloads (migration
 * 20261127000100_download_rollups: whole UTC months, days and hours, the burst rule's exclusions left out), and from the
 * counted downloads themselves only for the minutes at the edges of a range that does not start on a whole hour (and
 * the hours no longer kept); distinct listeners as DistinctListeners says; the players' sessions from their daily
 * rollups (ListeningRollup). Every answer is the one the counted downloads give. Every query is scoped to one podcast
 * (and episode); the caller's right to it is checked before.
 */
@Injectable()
export class DownloadFigures {
  private readonly distinct: DistinctListeners;
  private readonly sessions: ListeningRollup;

  constructor(private readonly em: EntityManager) {
    this.distinct = new DistinctListeners((sql, parameters) => this.rows(sql, parameters));
    this.sessions = new ListeningRollup((sql, parameters) => this.rows(sql, parameters));
  }

  async total(scope: DownloadScope): Promise<number> {
    const total = plays(scope, segmentsOf(scope), 'total', dimensionValue(DOWNLOAD_TABLES, 'total'));
    const [row] = await this.rows(
      `select coalesce(sum(n), 0)::int as n from (${total.text}) s`,
      total.parameters,
    );
    return Number(row?.['n'] ?? 0);
  }

  /**
   * Distinct listeners: each counted download's listener key. Keys are made with a salt that changes every UTC day,
   * so a listener heard on several days counts once a day (no key links days beyond a 24-hour window, by design).
   */
  async listeners(scope: DownloadScope): Promise<number> {
    const { episodeId } = scope;
    if (!episodeId) return this.distinct.ofPodcast(scope);
    const listeners = await this.distinct.ofEpisodes(scope, new Map([[episodeId, await this.total(scope)]]));
    return listeners.get(episodeId) ?? 0;
  }

  /** When the scope's first download was counted; null without any. */
  first(scope: DownloadScope): Promise<Date | null> {
    return this.firstIn(scope, 'months');
  }

  /** Downloads per UTC day, days without any left out. */
  async daily(scope: DownloadScope): Promise<DailyPlays[]> {
    const perDay = plays(scope, segmentsOf(scope, 'days'), 'total', dayValue(TIME));
    const rows = await this.rows(
      `select to_char(value, 'YYYY-MM-DD') as day, sum(n)::int as n from (${perDay.text}) s
        group by value having sum(n) > 0 order by value`,
      perDay.parameters,
    );
    return rows.map((row) => ({ date: String(row['day']), plays: Number(row['n']) }));
  }

  /** Downloads in each bucket of a trend chart, zeros included. */
  async trend(scope: DownloadScope, buckets: readonly TrendBucket[]): Promise<number[]> {
    const first = buckets[0];
    if (!first) return [];
    // The buckets of a chart are all one size (three hours, or a day).
    const startMs = first.start.getTime();
    const stepMs = first.end.getTime() - startMs;
    const counts = buckets.map(() => 0);
    const bucketed = { ...scope, from: first.start };
    const aligned = (unitMs: number) => startMs % unitMs === 0 && stepMs % unitMs === 0;
    const segments = aligned(DAY_MS)
      ? segmentsOf(bucketed, 'days')
      : aligned(HOUR_MS)
        ? segmentsOf(bucketed, 'hours')
        : [{ source: 'events' as const, from: first.start, to: bucketed.to ?? null }];
    const perBucket = plays(bucketed, segments, 'total', bucketValue(TIME, startMs, stepMs));
    const rows = await this.rows(
      `select value as bucket, sum(n)::int as n from (${perBucket.text}) s group by value`,
      perBucket.parameters,
    );
    for (const row of rows) {
      const index = Number(row['bucket']);
      if (index >= 0 && index < counts.length) counts[index] = Number(row['n']);
    }
    return counts;
  }

  /** Downloads per UTC hour of the day, 0 to 23. */
  async hourly(scope: DownloadScope): Promise<number[]> {
    const counts = Array<number>(24).fill(0);
    // A podcast's months and days are counted per hour of the day too; an episode's only by its hours.
    const perHour = plays(
      scope,
      segmentsOf(scope, scope.episodeId ? 'hours' : 'months'),
      (source) => (source === 'months' || source === 'days' ? 'hour' : 'total'),
      hourOfDayValue(TIME),
    );
    const rows = await this.rows(
      `select value as hour, sum(n)::int as n from (${perHour.text}) s group by value`,
      perHour.parameters,
    );
    for (const row of rows) counts[Number(row['hour'])] = Number(row['n']);
    return counts;
  }

  /** The shares below are of `total`, the scope's downloads (read once by the caller). */
  async countries(scope: DownloadScope, total: number, limit: number): Promise<CountryPlays[]> {
    const rows = await this.ranked(scope, 'country', limit);
    return rows.map(([country, plays]) => ({
      country,
      name: countryName(country),
      plays,
      percent: percentOf(plays, total),
    }));
  }

  async apps(scope: DownloadScope, total: number, limit: number): Promise<AppShare[]> {
    return (await this.ranked(scope, 'app', limit)).map(([app, count]) => ({
      app,
      count,
      percent: percentOf(count, total),
    }));
  }

  async sources(scope: DownloadScope, total: number): Promise<SourceShare[]> {
    return (await this.ranked(scope, 'source', null)).map(([source, count]) => ({
      source,
      count,
      percent: percentOf(count, total),
    }));
  }

  async devices(scope: DownloadScope, total: number): Promise<DeviceShare[]> {
    return (await this.ranked(scope, 'device', null)).map(([device, count]) => ({
      device: (ANALYTICS_DEVICES as readonly string[]).includes(device)
        ? (device as AnalyticsDevice)
        : 'unknown',
      count,
      percent: percentOf(count, total),
    }));
  }

  /** Downloads per episode, most first (ties by episode id), with each episode's distinct listeners. */
  async perEpisode(
    scope: DownloadScope,
    limit: number,
  ): Promise<Array<{ episodeId: string; plays: number; listeners: number }>> {
    let perEpisode: Array<[string, number]>;
    if (scope.episodeId) {
      const total = await this.total(scope);
      perEpisode = total > 0 && limit > 0 ? [[scope.episodeId, total]] : [];
    } else perEpisode = await this.ranked(scope, 'episode', limit);
    const listeners = await this.distinct.ofEpisodes(scope, new Map(perEpisode));
    return perEpisode.map(([episodeId, count]) => ({
      episodeId,
      plays: count,
      listeners: listeners.get(episodeId) ?? 0,
    }));
  }

  /** The players' sessions over the scope (by when they started). */
  listening(scope: DownloadScope): Promise<ListeningFigures> {
    return this.sessions.figures(scope);
  }

  /** The players' sessions of each of a podcast's episodes over the scope. */
  listeningPerEpisode(
    scope: DownloadScope,
    episodeIds: readonly string[],
  ): Promise<Map<string, ListeningFigures>> {
    return this.sessions.perEpisode(scope, episodeIds);
  }

  /**
   * The first download in the scope's coarsest pieces: the first month (or day, or hour) with plays, then the first
   * day in that month, and so on down to the downloads of one hour.
   */
  private async firstIn(scope: DownloadScope, coarsest: RollupGrain): Promise<Date | null> {
    for (const segment of segmentsOf(scope, coarsest)) {
      const source = segment.source;
      const earliest = totalRows(scope, segment, () =>
        source === 'events'
          ? 'min(d.counted_at) as first'
          : source === 'hours'
            ? 'min(hour) as first'
            : `to_char(min(${source === 'months' ? 'month' : 'day'}), 'YYYY-MM-DD') as first`,
      );
      const [found] = await this.rows(earliest.text, earliest.parameters);
      const first = found?.['first'];
      if (first == null) continue;
      if (source === 'events') return new Date(first as string);
      const start = source === 'hours' ? new Date(first as string) : new Date(`${first as string}T00:00:00Z`);
      const end =
        source === 'months'
          ? new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
          : new Date(start.getTime() + (source === 'days' ? DAY_MS : HOUR_MS));
      const finer = FINER[source];
      if (finer) return this.firstIn({ ...scope, from: start, to: end }, finer);
      const within = totalRows(
        scope,
        { source: 'events', from: start, to: end },
        () => 'min(d.counted_at) as first',
      );
      const [row] = await this.rows(within.text, within.parameters);
      return row?.['first'] == null ? null : new Date(row['first'] as string);
    }
    return null;
  }

  /** A dimension's values by plays, most first (ties by value; episodes by id), none with no plays. */
  private async ranked(
    scope: DownloadScope,
    dimension: DownloadDimension,
    limit: number | null,
  ): Promise<Array<[string, number]>> {
    const perValue = plays(scope, segmentsOf(scope), dimension, dimensionValue(DOWNLOAD_TABLES, dimension));
    const rows = await this.rows(
      `select value, sum(n)::int as n from (${perValue.text}) s group by value having sum(n) > 0
        order by n desc, ${dimension === 'episode' ? 'value::uuid' : 'value'}${limit === null ? '' : ` limit ${limit}`}`,
      perValue.parameters,
    );
    return rows.map((row) => [String(row['value']), Number(row['n'])]);
  }

  private rows(sql: string, parameters: unknown[]): Promise<Row[]> {
    return this.em.getConnection().execute<Row[]>(sql, parameters);
  }
}

const FINER: Record<RollupGrain, RollupGrain | null> = { months: 'days', days: 'hours', hours: null };

/** 'YYYY-MM-DD' days from `from` to `to`, both included. */
export function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${utcDateKey(from)}T00:00:00Z`); day <= to.getTime(); day += 86_400_000)
    days.push(utcDateKey(new Date(day)));
  return days;
}
