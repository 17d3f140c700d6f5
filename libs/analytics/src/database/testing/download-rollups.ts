import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** A counted download as a test writes it straight into `analytics.downloads`. */
export interface DownloadFixture {
  requestId?: string;
  countedAt: string;
  podcastId: string;
  episodeId: string;
  ownerId?: string;
  /** Hex of the listener key. */
  listener: string;
  country?: string | null;
  app?: string;
  device?: string;
  source?: string;
  excluded?: 'burst' | null;
}

const COLUMNS =
  'request_id, counted_at, window_start, podcast_id, episode_id, owner_id, listener, address, app, app_kind, device, os, country, source, excluded';

/** Inserts the downloads in one statement (one firing of the statement triggers). */
export async function insertDownloads(
  client: pg.ClientBase,
  downloads: readonly DownloadFixture[],
): Promise<void> {
  const values: unknown[] = [];
  const rows = downloads.map((download) => {
    const row = [
      download.requestId ?? randomUUID(),
      download.countedAt,
      download.countedAt,
      download.podcastId,
      download.episodeId,
      download.ownerId ?? 'owner-rollups',
      Buffer.from(download.listener, 'hex'),
      null,
      download.app ?? 'Overcast',
      'app',
      download.device ?? 'mobile',
      null,
      download.country === undefined ? 'US' : download.country,
      download.source ?? 'Podcast app',
      download.excluded ?? null,
    ];
    const placeholders = row.map((value) => {
      values.push(value);
      return `$${values.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  await client.query(`insert into analytics.downloads (${COLUMNS}) values ${rows.join(', ')}`, values);
}

type Rollups = Record<string, string[]>;

type CommonDimension = 'total' | 'country' | 'app' | 'device' | 'source';
const DAY_MS = 86_400_000;

/**
 * The rollups as they must be, computed here from the `downloads` rows themselves: one sorted line per non-zero row
 * of each table (an hour of listeners that fell to 0 is the same as none). Hours are followed from 63 days before the
 * start of today.
 */
export async function rollupsFromScratch(client: pg.ClientBase): Promise<Rollups> {
  const { rows } = await client.query<{
    request_id: string;
    podcast_id: string;
    episode_id: string;
    at: string;
    listener: string;
    country: string | null;
    app: string;
    device: string;
    source: string;
  }>(
    `select request_id, podcast_id, episode_id,
            to_char(counted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as at,
            encode(listener, 'hex') as listener, country, app, device, source
       from analytics.downloads where excluded is null`,
  );
  const hoursSince = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 63 * DAY_MS)
    .toISOString()
    .slice(0, 13);
  const counts = new Map<string, Map<string, number>>();
  const add = (table: string, key: string) => {
    const lines = counts.get(table) ?? new Map<string, number>();
    counts.set(table, lines);
    lines.set(key, (lines.get(key) ?? 0) + 1);
  };
  const latest = new Map<string, string>();
  const perEpisodeListener = new Map<string, string[]>();
  for (const row of rows) {
    const month = `${row.at.slice(0, 7)}-01`;
    const day = row.at.slice(0, 10);
    const hour = `${row.at.slice(0, 13)}:00`;
    const values: Record<CommonDimension, string> = {
      total: '',
      country: row.country ?? 'Unknown',
      app: row.app,
      device: row.device,
      source: row.source,
    };
    for (const [level, scope] of [
      ['podcast', row.podcast_id],
      ['episode', `${row.podcast_id} ${row.episode_id}`],
    ] as const) {
      const dimensions: Array<[string, string]> = Object.entries(values);
      if (level === 'podcast') dimensions.push(['episode', row.episode_id]);
      for (const [dimension, value] of dimensions) {
        add(`${level}_download_months`, `${scope} ${dimension} ${month} ${value}`);
        add(`${level}_download_days`, `${scope} ${dimension} ${day} ${value}`);
        if (row.at.slice(0, 13) >= hoursSince)
          add(`${level}_download_hours`, `${scope} ${dimension} ${hour} ${value}`);
      }
      if (level === 'podcast') {
        const hourOfDay = String(Number(row.at.slice(11, 13)));
        add('podcast_download_months', `${scope} hour ${month} ${hourOfDay}`);
        add('podcast_download_days', `${scope} hour ${day} ${hourOfDay}`);
      }
    }
    const pair = `${row.podcast_id} ${row.listener}`;
    const before = latest.get(pair);
    if (!before || before < row.at) latest.set(pair, row.at);
    const triple = `${row.podcast_id} ${row.episode_id} ${row.listener}`;
    perEpisodeListener.set(triple, [
      ...(perEpisodeListener.get(triple) ?? []),
      `${row.at} ${row.request_id}`,
    ]);
  }
  const result: Rollups = {};
  for (const [table, lines] of counts)
    result[table] = [...lines].map(([key, plays]) => `${key} ${plays}`).sort();
  result['podcast_listeners'] = [...latest].map(([pair, at]) => `${pair} ${at}`).sort();
  const hours = new Map<string, number>();
  for (const [pair, at] of latest) {
    const key = `${pair.split(' ')[0]} ${at.slice(0, 13)}:00`;
    hours.set(key, (hours.get(key) ?? 0) + 1);
  }
  result['podcast_listener_hours'] = [...hours].map(([key, listeners]) => `${key} ${listeners}`).sort();
  const repeats = [...perEpisodeListener].flatMap(([triple, downloads]) =>
    downloads.length > 1 ? downloads.map((download) => `${triple} ${download}`) : [],
  );
  if (repeats.length > 0) result['episode_listener_repeats'] = repeats.sort();
  for (const table of Object.keys(result)) if (result[table]?.length === 0) delete result[table];
  return result;
}

/** What the rollup tables hold, in the same lines (listener hours of 0 left out). */
export async function storedRollups(client: pg.ClientBase): Promise<Rollups> {
  const hour = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')`;
  const queries: Record<string, string> = {};
  for (const [level, scope] of [
    ['podcast', `podcast_id::text`],
    ['episode', `podcast_id || ' ' || episode_id`],
  ] as const) {
    for (const grain of ['month', 'day'])
      queries[`${level}_download_${grain}s`] =
        `select ${scope} || ' ' || dimension || ' ' || to_char(${grain}, 'YYYY-MM-DD') || ' ' || value || ' ' || plays
           as line from analytics.${level}_download_${grain}s`;
    queries[`${level}_download_hours`] =
      `select ${scope} || ' ' || dimension || ' ' || ${hour('hour')} || ' ' || value || ' ' || plays as line
         from analytics.${level}_download_hours`;
  }
  queries['podcast_listeners'] = `select podcast_id || ' ' || encode(listener, 'hex') || ' ' ||
            to_char(last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as line from analytics.podcast_listeners`;
  queries['podcast_listener_hours'] = `select podcast_id || ' ' || ${hour('hour')} || ' ' || listeners as line
       from analytics.podcast_listener_hours where listeners <> 0`;
  queries['episode_listener_repeats'] =
    `select podcast_id || ' ' || episode_id || ' ' || encode(listener, 'hex') || ' ' ||
            to_char(counted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') || ' ' || request_id as line
       from analytics.episode_listener_repeats`;
  const result: Rollups = {};
  for (const [table, sql] of Object.entries(queries)) {
    const { rows } = await client.query<{ line: string }>(sql);
    if (rows.length > 0) result[table] = rows.map((row) => row.line).sort();
  }
  return result;
}
