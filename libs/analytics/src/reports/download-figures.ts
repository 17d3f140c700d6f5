import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_DEVICES,
  countryName,
  percentOf,
  UNKNOWN_COUNTRY,
  utcDateKey,
  type AnalyticsDevice,
  type AppShare,
  type CountryPlays,
  type DailyPlays,
  type DeviceShare,
  type SourceShare,
  type TrendBucket,
} from '@castbase/contracts';

/** Which downloads a figure covers: a podcast's or one episode's, counted at or after `from` (null: all). */
export interface DownloadScope {
  podcastId: string;
  episodeId?: string;
  from: Date | null;
  to?: Date;
}

/** Listening measured by Castbase's players over a scope: sessions, their completion and listen time. */
export interface ListeningFigures {
  sessions: number;
  /** Mean of each session's completion (listened over duration, at most 100); null without sessions of known length. */
  completionRate: number | null;
  averageListenSeconds: number | null;
}

/**
 * The figures of the analytics screens, read from the counted downloads (`downloads`, the burst rule's exclusions
 * left out) and the players' sessions (`listening_sessions`). Every query is scoped to one podcast (and episode); the
 * caller's right to it is checked before.
 */
@Injectable()
export class DownloadFigures {
  constructor(private readonly em: EntityManager) {}

  async total(scope: DownloadScope): Promise<number> {
    const [row] = await this.rows(
      `select count(*)::int as n from analytics.downloads d where ${where(scope)}`,
      scope,
    );
    return Number(row?.['n'] ?? 0);
  }

  /**
   * Distinct listeners: each counted download's listener key. Keys are made with a salt that changes every UTC day,
   * so a listener heard on several days counts once a day (no key links days beyond a 24-hour window, by design).
   */
  async listeners(scope: DownloadScope): Promise<number> {
    const [row] = await this.rows(
      `select count(distinct d.listener)::int as n from analytics.downloads d where ${where(scope)}`,
      scope,
    );
    return Number(row?.['n'] ?? 0);
  }

  /** When the scope's first download was counted; null without any. */
  async first(scope: DownloadScope): Promise<Date | null> {
    const [row] = await this.rows(
      `select min(d.counted_at) as first from analytics.downloads d where ${where(scope)}`,
      scope,
    );
    return row?.['first'] ? new Date(row['first'] as string) : null;
  }

  /** Downloads per UTC day, days without any left out. */
  async daily(scope: DownloadScope): Promise<DailyPlays[]> {
    const rows = await this.rows(
      `select to_char(date_trunc('day', d.counted_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*)::int as n
         from analytics.downloads d where ${where(scope)} group by 1 order by 1`,
      scope,
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
    const rows = await this.rows(
      `select floor((extract(epoch from d.counted_at) * 1000 - ${startMs}) / ${stepMs})::int as bucket, count(*)::int as n
         from analytics.downloads d where ${where(bucketed)} group by 1`,
      bucketed,
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
    const rows = await this.rows(
      `select extract(hour from d.counted_at at time zone 'UTC')::int as hour, count(*)::int as n
         from analytics.downloads d where ${where(scope)} group by 1`,
      scope,
    );
    for (const row of rows) counts[Number(row['hour'])] = Number(row['n']);
    return counts;
  }

  /** The shares below are of `total`, the scope's downloads (read once by the caller). */
  async countries(scope: DownloadScope, total: number, limit: number): Promise<CountryPlays[]> {
    const rows = await this.ranked(scope, `coalesce(d.country, '${UNKNOWN_COUNTRY}')`, limit);
    return rows.map(([country, plays]) => ({
      country,
      name: countryName(country),
      plays,
      percent: percentOf(plays, total),
    }));
  }

  async apps(scope: DownloadScope, total: number, limit: number): Promise<AppShare[]> {
    return (await this.ranked(scope, 'd.app', limit)).map(([app, count]) => ({
      app,
      count,
      percent: percentOf(count, total),
    }));
  }

  async sources(scope: DownloadScope, total: number): Promise<SourceShare[]> {
    return (await this.ranked(scope, 'd.source', null)).map(([source, count]) => ({
      source,
      count,
      percent: percentOf(count, total),
    }));
  }

  async devices(scope: DownloadScope, total: number): Promise<DeviceShare[]> {
    return (await this.ranked(scope, 'd.device', null)).map(([device, count]) => ({
      device: (ANALYTICS_DEVICES as readonly string[]).includes(device)
        ? (device as AnalyticsDevice)
        : 'unknown',
      count,
      percent: percentOf(count, total),
    }));
  }

  /** Downloads per episode, most first. */
  async perEpisode(
    scope: DownloadScope,
    limit: number,
  ): Promise<Array<{ episodeId: string; plays: number; listeners: number }>> {
    const rows = await this.rows(
      `select d.episode_id, count(*)::int as plays, count(distinct d.listener)::int as listeners
         from analytics.downloads d where ${where(scope)}
         group by d.episode_id order by plays desc, d.episode_id limit ${limit}`,
      scope,
    );
    return rows.map((row) => ({
      episodeId: String(row['episode_id']),
      plays: Number(row['plays']),
      listeners: Number(row['listeners']),
    }));
  }

  /** The players' sessions over the scope (by when they started). */
  async listening(scope: DownloadScope): Promise<ListeningFigures> {
    const parameters: unknown[] = [scope.podcastId];
    let filter = 's.podcast_id = ?';
    if (scope.episodeId) {
      filter += ' and s.episode_id = ?';
      parameters.push(scope.episodeId);
    }
    if (scope.from) {
      filter += ' and s.started_at >= ?';
      parameters.push(scope.from);
    }
    const [row] = await this.em.getConnection().execute<Array<Record<string, unknown>>>(
      `select count(*)::int as sessions,
              avg(least(100, s.listened_seconds * 100 / s.duration_seconds)) filter (where s.duration_seconds > 0) as completion,
              avg(s.listened_seconds) as listened
         from analytics.listening_sessions s where ${filter}`,
      parameters,
    );
    const sessions = Number(row?.['sessions'] ?? 0);
    return {
      sessions,
      completionRate: row?.['completion'] == null ? null : Number(row['completion']),
      averageListenSeconds: sessions === 0 || row?.['listened'] == null ? null : Number(row['listened']),
    };
  }

  private async ranked(
    scope: DownloadScope,
    column: string,
    limit: number | null,
  ): Promise<Array<[string, number]>> {
    const rows = await this.rows(
      `select ${column} as value, count(*)::int as n from analytics.downloads d where ${where(scope)}
         group by 1 order by n desc, 1${limit === null ? '' : ` limit ${limit}`}`,
      scope,
    );
    return rows.map((row) => [String(row['value']), Number(row['n'])]);
  }

  private rows(sql: string, scope: DownloadScope): Promise<Array<Record<string, unknown>>> {
    return this.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parametersOf(scope));
  }
}

/** The scope's filter on `downloads d` (excluded downloads never count); its parameters come from parametersOf. */
function where(scope: DownloadScope): string {
  return [
    'd.podcast_id = ?',
    'd.excluded is null',
    ...(scope.episodeId ? ['d.episode_id = ?'] : []),
    ...(scope.from ? ['d.counted_at >= ?'] : []),
    ...(scope.to ? ['d.counted_at < ?'] : []),
  ].join(' and ');
}

function parametersOf(scope: DownloadScope): unknown[] {
  return [
    scope.podcastId,
    ...(scope.episodeId ? [scope.episodeId] : []),
    ...(scope.from ? [scope.from] : []),
    ...(scope.to ? [scope.to] : []),
  ];
}

/** 'YYYY-MM-DD' days from `from` to `to`, both included. */
export function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${utcDateKey(from)}T00:00:00Z`); day <= to.getTime(); day += 86_400_000)
    days.push(utcDateKey(new Date(day)));
  return days;
}
