import { ATTRIBUTION_VERSION } from '../attribution/index.js';
import type { Sql } from './download-counting-sql.js';

const DAY_MS = 86_400_000;

/**
 * Before when the counter never writes a download: a day after the start of the raw log once retention has dropped
 * older requests (`download_counting.raw_kept_from`), null while the log is whole. The downloads before it were
 * counted from requests that are gone, so they stay as they were counted; the day after the cut is read only to open
 * the listeners' windows again (a window lasts 24 hours, so none that began before the cut reaches past it).
 */
export function countingFloor(state: Record<string, unknown> | undefined): Date | null {
  const keptFrom = state?.['raw_kept_from'];
  return keptFrom ? new Date(new Date(keptFrom as string).getTime() + DAY_MS) : null;
}

/**
 * A recount (the attribution tables changed, or the first run): forgets the counted downloads, windows and pending
 * late recounts, and sets the counting back to the start of the raw log. Once retention has dropped old requests,
 * the downloads before the floor are kept (nothing is left to count them from again) and the count starts over at
 * the start of the raw log, writing downloads from the floor on. Answers where the counting now stands.
 */
export async function startFullRecount(
  sql: Sql,
  state: Record<string, unknown> | undefined,
  settled: Date,
): Promise<Date> {
  const floor = countingFloor(state);
  if (floor) await sql('delete from analytics.downloads where counted_at >= ?', [floor]);
  else await sql('delete from analytics.downloads');
  await sql('delete from analytics.listener_windows');
  await sql('delete from analytics.download_recounts');
  const [first] = await sql('select min(occurred_at) as first from analytics.download_requests');
  const start = first?.['first'] ? new Date(new Date(first['first'] as string).getTime() - 1) : settled;
  await sql(
    `insert into analytics.download_counting (id, attribution_version, counted_through) values (1, ?, ?)
       on conflict (id) do update set attribution_version = excluded.attribution_version,
         counted_through = excluded.counted_through`,
    [ATTRIBUTION_VERSION, start],
  );
  return start;
}
