import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { ExportGrouping } from '@castbase/contracts';
import { FEED_BYTES, FEED_TABLES } from '../feed-requests/feed-requests.repository.js';
import { bySegment, dayValue, segmentsOf, type RollupScope } from '../reports/rollup-sql.js';
import type { SegmentSource } from '../reports/time-segments.js';

/** What an export covers: a podcast's (or one episode's) events from `from` (inclusive) to `to` (exclusive). */
export interface ExportScope {
  podcastId: string;
  episodeId?: string;
  from: Date | null;
  to: Date;
}

/** The players' listening over a period: sessions, their mean completion and mean seconds listened. */
export interface ExportListening {
  sessions: number;
  completionRate: number | null;
  averageListenSeconds: number | null;
}

/** A published episode's downloads over the scope. */
export interface ExportEpisodePlays {
  episodeId: string;
  title: string | null;
  plays: number;
  listeners: number;
}

/** The period a row falls in, as its label: 'YYYY-MM-DD' (the day, the ISO week's Monday) or 'YYYY-MM'. */
const PERIOD_OF: Record<ExportGrouping, (column: string) => string> = {
  day: (column) => `to_char(date_trunc('day', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`,
  week: (column) => `to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`,
  month: (column) => `to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`,
};

/** The same labels for a UTC day (a `date`). */
const PERIOD_OF_DAY: Record<ExportGrouping, (day: string) => string> = {
  day: (day) => `to_char(${day}, 'YYYY-MM-DD')`,
  week: (day) => `to_char(date_trunc('week', ${day}::timestamp), 'YYYY-MM-DD')`,
  month: (day) => `to_char(${day}, 'YYYY-MM')`,
};

const SESSION_FIGURES = `count(*)::int as sessions,
  avg(least(100, s.listened_seconds * 100 / s.duration_seconds)) filter (where s.duration_seconds > 0) as completion,
  avg(s.listened_seconds) as listened`;

/**
 * The export's figures that the screens' DownloadFigures does not answer: per period (day, ISO week, month, UTC), the
 * players' listening and the feed bytes within a closed range, and the published episodes' plays. Counted downloads
 * (the burst rule's exclusions left out), `listening_sessions` by when they started, feed bytes from the feed request
 * rollups by when they were served. Scoped to one podcast (and episode); the caller's right to it is checked before.
 */
@Injectable()
export class ExportFigures {
  constructor(private readonly em: EntityManager) {}

  /** Counted downloads and distinct listeners per period, periods without any left out. */
  async downloadsByPeriod(
    scope: ExportScope,
    groupBy: ExportGrouping,
  ): Promise<Map<string, { plays: number; listeners: number }>> {
    const filter = scopeFilter(scope, 'd', 'counted_at');
    const rows = await this.rows(
      `select ${PERIOD_OF[groupBy]('d.counted_at')} as period, count(*)::int as plays,
              count(distinct d.listener)::int as listeners
         from analytics.downloads d where d.excluded is null and ${filter.sql} group by 1`,
      filter.parameters,
    );
    return new Map(
      rows.map((row) => [
        String(row['period']),
        { plays: Number(row['plays']), listeners: Number(row['listeners']) },
      ]),
    );
  }

  /** The players' sessions over the scope, by when they started. */
  async listening(scope: ExportScope): Promise<ExportListening> {
    const filter = scopeFilter(scope, 's', 'started_at');
    const [row] = await this.rows(
      `select ${SESSION_FIGURES} from analytics.listening_sessions s where ${filter.sql}`,
      filter.parameters,
    );
    return listeningOf(row);
  }

  async listeningByPeriod(
    scope: ExportScope,
    groupBy: ExportGrouping,
  ): Promise<Map<string, ExportListening>> {
    const filter = scopeFilter(scope, 's', 'started_at');
    const rows = await this.rows(
      `select ${PERIOD_OF[groupBy]('s.started_at')} as period, ${SESSION_FIGURES}
         from analytics.listening_sessions s where ${filter.sql} group by 1`,
      filter.parameters,
    );
    return new Map(rows.map((row) => [String(row['period']), listeningOf(row)]));
  }

  /**
   * Bytes of the podcast's feed responses served over the scope (every request: each was sent), from the feed
   * request rollups, which outlive the raw requests.
   */
  async feedBytes(scope: ExportScope): Promise<number> {
    const sums = feedBytesSql(scope, () => `''`);
    const [row] = await this.rows(
      `select coalesce(sum(bytes), 0)::bigint as bytes from (${sums.text}) s`,
      sums.parameters,
    );
    return Number(row?.['bytes'] ?? 0);
  }

  async feedBytesByPeriod(scope: ExportScope, groupBy: ExportGrouping): Promise<Map<string, number>> {
    const perDay = feedBytesSql(scope, dayValue(FEED_TABLES.time), 'days');
    const rows = await this.rows(
      `select ${PERIOD_OF_DAY[groupBy]('s.value')} as period, sum(s.bytes)::bigint as bytes
         from (${perDay.text}) s group by 1`,
      perDay.parameters,
    );
    return new Map(rows.map((row) => [String(row['period']), Number(row['bytes'])]));
  }

  /** When the first session or feed request of the scope (ever, whatever its `from`) was recorded; null without any. */
  async firstListeningOrFeedRequest(
    scope: Pick<ExportScope, 'podcastId' | 'episodeId'>,
  ): Promise<Date | null> {
    const parameters: unknown[] = [scope.podcastId];
    let sessions = 'select min(s.started_at) from analytics.listening_sessions s where s.podcast_id = ?';
    if (scope.episodeId) {
      sessions += ' and s.episode_id = ?';
      parameters.push(scope.episodeId);
    }
    // Feed requests belong to the podcast: an episode's export has none.
    // The daily rollup keeps the days whose requests retention has dropped.
    const feed = scope.episodeId
      ? 'null::timestamptz'
      : `least((select min(f.requested_at) from analytics.feed_requests f where f.podcast_id = ?),
               (select min(r.day)::timestamp at time zone 'UTC' from analytics.podcast_feed_request_days r
                 where r.podcast_id = ? and r.dimension = 'total'))`;
    if (!scope.episodeId) parameters.push(scope.podcastId, scope.podcastId);
    const [row] = await this.rows(`select least((${sessions}), ${feed}) as first`, parameters);
    return row?.['first'] ? new Date(row['first'] as string) : null;
  }

  /** The most played episodes over the scope among those still published (their enclosure is kept), most first. */
  async publishedEpisodePlays(scope: ExportScope, limit: number): Promise<ExportEpisodePlays[]> {
    const filter = scopeFilter(scope, 'd', 'counted_at');
    const rows = await this.rows(
      `select d.episode_id, e.title, count(*)::int as plays, count(distinct d.listener)::int as listeners
         from analytics.downloads d
         join analytics.enclosures e on e.episode_id = d.episode_id and e.podcast_id = d.podcast_id
                                     and e.unpublished_at is null
        where d.excluded is null and ${filter.sql}
        group by d.episode_id, e.title order by plays desc, d.episode_id limit ${Math.trunc(limit)}`,
      filter.parameters,
    );
    return rows.map((row) => ({
      episodeId: String(row['episode_id']),
      title: typeof row['title'] === 'string' ? row['title'] : null,
      plays: Number(row['plays']),
      listeners: Number(row['listeners']),
    }));
  }

  /** The players' listening of each of these episodes over the scope. */
  async listeningByEpisode(
    scope: ExportScope,
    episodeIds: readonly string[],
  ): Promise<Map<string, ExportListening>> {
    if (episodeIds.length === 0) return new Map();
    const filter = scopeFilter({ ...scope, episodeId: undefined }, 's', 'started_at');
    const rows = await this.rows(
      `select s.episode_id, ${SESSION_FIGURES} from analytics.listening_sessions s
        where ${filter.sql} and s.episode_id in (${episodeIds.map(() => '?').join(', ')}) group by 1`,
      [...filter.parameters, ...episodeIds],
    );
    return new Map(rows.map((row) => [String(row['episode_id']), listeningOf(row)]));
  }

  private rows(sql: string, parameters: unknown[]): Promise<Array<Record<string, unknown>>> {
    return this.em.getConnection().execute<Array<Record<string, unknown>>>(sql, parameters);
  }
}

/** The scope as a filter on `alias` by its time column, with its parameters in order. */
/** The podcast's feed bytes over the scope, per `valueOf` of each piece: rollup rows, and requests at its edges. */
function feedBytesSql(
  scope: ExportScope,
  valueOf: (source: SegmentSource) => string,
  coarsest?: 'days',
): { text: string; parameters: unknown[] } {
  const rollupScope: RollupScope = { podcastId: scope.podcastId, from: scope.from, to: scope.to };
  return bySegment(FEED_TABLES, rollupScope, segmentsOf(rollupScope, coarsest), 'total', valueOf, [
    FEED_BYTES,
  ]);
}

function scopeFilter(
  scope: ExportScope,
  alias: string,
  timeColumn: string,
): { sql: string; parameters: unknown[] } {
  const conditions = [`${alias}.podcast_id = ?`];
  const parameters: unknown[] = [scope.podcastId];
  if (scope.episodeId) {
    conditions.push(`${alias}.episode_id = ?`);
    parameters.push(scope.episodeId);
  }
  if (scope.from) {
    conditions.push(`${alias}.${timeColumn} >= ?`);
    parameters.push(scope.from);
  }
  conditions.push(`${alias}.${timeColumn} < ?`);
  parameters.push(scope.to);
  return { sql: conditions.join(' and '), parameters };
}

function listeningOf(row: Record<string, unknown> | undefined): ExportListening {
  const sessions = Number(row?.['sessions'] ?? 0);
  return {
    sessions,
    completionRate: row?.['completion'] == null ? null : Math.min(100, Number(row['completion'])),
    averageListenSeconds: sessions === 0 || row?.['listened'] == null ? null : Number(row['listened']),
  };
}
