import { utcDateKey } from '@castbase/contracts';
import { scopeSql, type RollupScope, type Sql } from './rollup-sql.js';
import { timeSegments, type TimeSegment } from './time-segments.js';

/** Listening measured by Castbase's players over a scope: sessions, their completion and listen time. */
export interface ListeningFigures {
  sessions: number;
  /** Mean of each session's completion (listened over duration, at most 100); null without sessions of known length. */
  completionRate: number | null;
  averageListenSeconds: number | null;
}

type Query = (sql: string, parameters: unknown[]) => Promise<Array<Record<string, unknown>>>;

const FIGURES = ['sessions', 'timed', 'completion', 'listened'] as const;

/**
 * The players' sessions over a scope, by when they started: whole UTC days from the daily listening rollups
 * (migration 20261127000300_listening_rollups), the part of a day at a range's edge from the sessions themselves, with
 * the same formulas (completion over the sessions of known length).
 */
export class ListeningRollup {
  constructor(private readonly query: Query) {}

  async figures(scope: RollupScope): Promise<ListeningFigures> {
    const per = await this.perEpisode(scope, null);
    return per.get('') ?? figuresOf(undefined);
  }

  /** Per episode id for the `episodes` given (of a podcast's scope), or the scope's own under '' when null. */
  async perEpisode(
    scope: RollupScope,
    episodes: readonly string[] | null,
  ): Promise<Map<string, ListeningFigures>> {
    // No episode to ask about (a podcast without any): nothing to read, and `in ()` is not SQL.
    if (episodes?.length === 0) return new Map();
    const segments = timeSegments(scope.from, scope.to ?? null, { coarsest: 'days', finest: 'days' });
    const parts = segments.map((segment) => this.segmentSql(scope, segment, episodes));
    const rows = parts.length
      ? await this.query(
          `select key, ${FIGURES.map((figure) => `sum(${figure}) as ${figure}`).join(', ')}
             from (${parts.map((part) => part.text).join(' union all ')}) s group by key`,
          parts.flatMap((part) => part.parameters),
        )
      : [];
    const answers = new Map<string, ListeningFigures>();
    for (const key of episodes ?? ['']) answers.set(key, figuresOf(rows.find((row) => row['key'] === key)));
    return answers;
  }

  private segmentSql(scope: RollupScope, segment: TimeSegment, episodes: readonly string[] | null): Sql {
    const events = segment.source === 'events';
    const prefix = events ? 's.' : '';
    const scoped = scopeSql(episodes ? { podcastId: scope.podcastId, from: null } : scope, prefix);
    const conditions = [scoped.text];
    const parameters: unknown[] = [...scoped.parameters];
    if (episodes) {
      conditions.push(`${prefix}episode_id in (${episodes.map(() => '?').join(', ')})`);
      parameters.push(...episodes);
    }
    const column = events ? 's.started_at' : 'day';
    const bound = (date: Date) => (events ? date : utcDateKey(date));
    if (segment.from) {
      conditions.push(`${column} >= ?`);
      parameters.push(bound(segment.from));
    }
    if (segment.to) {
      conditions.push(`${column} < ?`);
      parameters.push(bound(segment.to));
    }
    const key = episodes ? `${prefix}episode_id::text` : `''`;
    const select = events
      ? `${key} as key, count(*) as sessions, count(*) filter (where s.duration_seconds > 0) as timed,
         coalesce(sum(least(100, s.listened_seconds * 100 / s.duration_seconds)::float8)
           filter (where s.duration_seconds > 0), 0) as completion,
         coalesce(sum(s.listened_seconds::float8), 0) as listened
         from analytics.listening_sessions s`
      : `${key} as key, ${FIGURES.map((figure) => `sum(${figure}) as ${figure}`).join(', ')}
         from analytics.${episodes || scope.episodeId ? 'episode' : 'podcast'}_listening_days`;
    return { text: `select ${select} where ${conditions.join(' and ')} group by 1`, parameters };
  }
}

function figuresOf(row: Record<string, unknown> | undefined): ListeningFigures {
  const sessions = Number(row?.['sessions'] ?? 0);
  const timed = Number(row?.['timed'] ?? 0);
  return {
    sessions,
    completionRate: timed > 0 ? Number(row?.['completion']) / timed : null,
    averageListenSeconds: sessions > 0 ? Number(row?.['listened']) / sessions : null,
  };
}
