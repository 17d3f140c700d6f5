import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import {
  DOWNLOAD_REQUEST_COLUMNS,
  DOWNLOAD_REQUEST_COLUMNS_BEFORE_DELIVERIES,
} from './download-request-row.js';

// The download writer's statements: COPY of rows from memory, and the late write (a journal segment's, or rows
// PostgreSQL did not take in time) that skips what it has and sends the episodes to a recount.

const REPLAY_TABLE = 'download_requests_replay';
/** A replayed row `r` of a podcast not deleted (nor erased with its owner's account) since it was journaled. */
const NOT_ERASED = 'not exists (select 1 from analytics.erased_podcasts e where e.podcast_id = r.podcast_id)';

/** The columns a segment's lines hold: a segment an older process left has no `own_storage` (its default, false). */
function segmentColumns(lines: string): string {
  const firstLine = lines.slice(0, lines.indexOf('\n') + 1 || undefined);
  const fields = firstLine.split('\t').length;
  return (
    fields === DOWNLOAD_REQUEST_COLUMNS_BEFORE_DELIVERIES.length
      ? DOWNLOAD_REQUEST_COLUMNS_BEFORE_DELIVERIES
      : DOWNLOAD_REQUEST_COLUMNS
  ).join(', ');
}

export async function copyInto(client: pg.Client, statement: string, payload: string): Promise<void> {
  const stream = client.query(copyFrom(statement));
  stream.end(payload, 'utf8');
  await finished(stream);
}

/**
 * Writes rows that come late (a journal segment's, or rows held back while PostgreSQL was away) in one transaction,
 * skipping those PostgreSQL already has and those of podcasts deleted or erased since, and sends the episodes of the
 * others to a recount; answers how many were new.
 */
export async function insertLate(client: pg.Client, lines: string): Promise<number> {
  const columns = segmentColumns(lines);
  await client.query('begin');
  try {
    await client.query(
      `create temporary table ${REPLAY_TABLE} (like analytics.download_requests including defaults) on commit drop`,
    );
    await copyInto(client, `copy ${REPLAY_TABLE} (${columns}) from stdin`, lines);
    // Those of podcasts deleted, or whose owner's analytics were erased, since stay out.
    const inserted = await client.query(
      `insert into analytics.download_requests (${columns}) select ${columns} from ${REPLAY_TABLE} r
         where ${NOT_ERASED} on conflict do nothing`,
    );
    // These rows come late: the counting goes back over their episodes from their time.
    await client.query(
      `insert into analytics.download_recounts (podcast_id, episode_id, since)
         select podcast_id, episode_id, min(occurred_at) from ${REPLAY_TABLE} r
          where ${NOT_ERASED} group by podcast_id, episode_id`,
    );
    await client.query('commit');
    return inserted.rowCount ?? 0;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/** A refusal of the rows themselves (SQLSTATE class 22, data exception), not of the connection. */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}
