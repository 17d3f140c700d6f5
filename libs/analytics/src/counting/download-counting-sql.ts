import type { EntityManager } from '@mikro-orm/postgresql';
import { byteaText, executeBound, numberedPlaceholders } from '@castbase/platform-persistence';
import { DOWNLOAD_REQUEST_COLUMNS } from '../downloads/download-request-row.js';
import {
  BURST_LISTENERS_PER_ADDRESS_HOUR,
  type CountableRequest,
  type CountedDownload,
  type EpisodeFile,
  type ListenerWindow,
} from './download-counting.js';
import { CoveredBytes } from './requested-ranges.js';

// The statements of the download counter (DownloadCounter): what a run reads and writes, in its transaction.

export type Sql = (sql: string, parameters?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * The statements of a run, in `em`'s transaction, with their parameters bound by PostgreSQL (executeBound), not
 * written into the statement's text by MikroORM first. They are written with `?` for their parameters.
 */
export function countingSql(em: EntityManager): Sql {
  return (text, parameters = []) => executeBound(em, numberedPlaceholders(text), parameters);
}

/** Rows of one INSERT of counted downloads. */
const DOWNLOADS_PER_INSERT = 500;
const DOWNLOAD_COLUMNS =
  'request_id, counted_at, window_start, podcast_id, episode_id, owner_id, listener, address, app, app_kind, device, os, country, source, excluded';
const WINDOW_COLUMNS = 'episode_id, key_day, key_next, window_start, listener, covered, counted';

export interface RequestRow {
  id: string;
  occurred_at: Date | string;
  podcast_id: string;
  episode_id: string;
  owner_id: string;
  listener_day: Buffer;
  listener_next: Buffer | null;
  address_day: Buffer | null;
  country: string | null;
  user_agent: string;
  range_header: string | null;
  prefetch: boolean;
  source: string | null;
  own_storage: boolean;
  first_byte: string | number | null;
  bytes_sent: string | number | null;
  complete: boolean | null;
}

/**
 * The episode's windows still open after `from` that requests with these keys (`windowKeysOf`) can fall in: those
 * whose day key or next day's key is one of them. Not the episode's other listeners' windows: a run's work grows with
 * its requests, not with the episode's audience of the last day.
 */
export async function openWindows(
  sql: Sql,
  episodeId: string,
  from: Date,
  keys: readonly string[],
): Promise<ListenerWindow[]> {
  if (keys.length === 0) return [];
  const rows = await sql(
    `select key_day, key_next, window_start, listener, covered, counted from analytics.listener_windows
       where episode_id = ? and window_start > ? and (key_day = any(?::text[]) or key_next = any(?::text[]))`,
    [episodeId, from, keys, keys],
  );
  return rows.map((row) => {
    const covered = new CoveredBytes();
    covered.add(
      (row['covered'] as Array<[number, number | null]>).map(([first, end]) => [
        first,
        end ?? Number.POSITIVE_INFINITY,
      ]),
    );
    return {
      startMs: new Date(row['window_start'] as string).getTime(),
      listener: row['listener'] as Buffer,
      keyDay: row['key_day'] as string,
      keyNext: row['key_next'] as string | null,
      covered,
      counted: row['counted'] as boolean,
    };
  });
}

/**
 * One statement for all of them, the rows as one JSON parameter. A statement may not update a row twice: should two
 * windows share their key and start, the later one is kept, as one statement each would have left it.
 */
export async function saveWindows(sql: Sql, episodeId: string, windows: ListenerWindow[]): Promise<void> {
  const unique = new Map(windows.map((window) => [`${window.keyDay} ${window.startMs}`, window]));
  if (unique.size === 0) return;
  await sql(
    `insert into analytics.listener_windows (${WINDOW_COLUMNS})
       select ${WINDOW_COLUMNS} from json_populate_recordset(null::analytics.listener_windows, ?::json)
       on conflict (episode_id, key_day, window_start) do update set covered = excluded.covered, counted = excluded.counted`,
    [
      JSON.stringify(
        [...unique.values()].map((window) => ({
          episode_id: episodeId,
          key_day: window.keyDay,
          key_next: window.keyNext,
          window_start: new Date(window.startMs),
          listener: byteaText(window.listener),
          covered: window.covered.ranges.map(([first, end]) => [first, Number.isFinite(end) ? end : null]),
          counted: window.counted,
        })),
      ),
    ],
  );
}

/**
 * Many downloads to a statement (the rollup triggers run once per statement, not once per download), the rows as one
 * JSON parameter: JSON.stringify is native, where 15 values a row each went through the driver's serializer.
 */
export async function insertDownloads(sql: Sql, downloads: CountedDownload[]): Promise<void> {
  for (let first = 0; first < downloads.length; first += DOWNLOADS_PER_INSERT) {
    await sql(
      `insert into analytics.downloads (${DOWNLOAD_COLUMNS})
         select ${DOWNLOAD_COLUMNS} from json_populate_recordset(null::analytics.downloads, ?::json)
         on conflict (request_id) do nothing`,
      [
        JSON.stringify(
          downloads.slice(first, first + DOWNLOADS_PER_INSERT).map((download) => ({
            request_id: download.requestId,
            counted_at: new Date(download.countedAtMs),
            window_start: new Date(download.windowStartMs),
            podcast_id: download.podcastId,
            episode_id: download.episodeId,
            owner_id: download.ownerId,
            listener: byteaText(download.listener),
            address: byteaText(download.address),
            app: download.app,
            app_kind: download.appKind,
            device: download.device,
            os: download.os,
            country: download.country,
            source: download.source,
            excluded: null,
          })),
        ),
      ],
    );
  }
}

/** The burst rule over the hours a run counted in: an address with too many listeners of an episode in an hour. */
export async function markBursts(sql: Sql, touched: Map<string, Date>): Promise<void> {
  for (const [episodeId, fromHour] of touched) {
    await sql(
      `update analytics.downloads d set excluded = b.excluded
         from (select address, date_trunc('hour', counted_at, 'UTC') as hour,
                      case when count(*) > ? then 'burst' end as excluded
                 from analytics.downloads where episode_id = ? and counted_at >= ? and address is not null
                 group by address, date_trunc('hour', counted_at, 'UTC')) b
        where d.episode_id = ? and d.counted_at >= ? and d.address = b.address
          and date_trunc('hour', d.counted_at, 'UTC') = b.hour and d.excluded is distinct from b.excluded`,
      [BURST_LISTENERS_PER_ADDRESS_HOUR, episodeId, fromHour, episodeId, fromHour],
    );
  }
}

export async function fileOf(sql: Sql, episodeId: string): Promise<EpisodeFile> {
  const [row] = await sql(
    'select size_bytes, duration_seconds from analytics.enclosures where episode_id = ?',
    [episodeId],
  );
  return {
    sizeBytes: row?.['size_bytes'] == null ? null : Number(row['size_bytes']),
    durationSeconds: (row?.['duration_seconds'] as number | null | undefined) ?? null,
  };
}

/** Every column of a request but its referrer (the counting has no use for it), and what was delivered of it. */
export const REQUEST_COLUMNS = DOWNLOAD_REQUEST_COLUMNS.filter((column) => column !== 'referrer')
  .map((column) => `r.${column}`)
  .concat(['d.first_byte', 'd.bytes_sent', 'd.complete'])
  .join(', ');

/** The requests, each with what the storage delivered of it when Castbase's own storage served it. */
export const REQUESTS_WITH_DELIVERIES = `analytics.download_requests r
  left join analytics.download_deliveries d on r.own_storage and d.request_id = r.id`;

export function toCountable(row: RequestRow): CountableRequest {
  return {
    id: row.id,
    occurredAtMs: new Date(row.occurred_at).getTime(),
    podcastId: row.podcast_id,
    episodeId: row.episode_id,
    ownerId: row.owner_id,
    listenerDay: row.listener_day,
    listenerNext: row.listener_next,
    addressDay: row.address_day,
    country: row.country,
    userAgent: row.user_agent,
    rangeHeader: row.range_header,
    prefetch: row.prefetch,
    source: row.source,
    ownStorage: row.own_storage,
    delivered:
      row.bytes_sent === null || row.first_byte === null
        ? null
        : {
            firstByte: Number(row.first_byte),
            bytesSent: Number(row.bytes_sent),
            complete: row.complete === true,
          },
  };
}

/**
 * Downloads of podcasts erased in the last minutes (deleted, or with their owner's account) that reached PostgreSQL
 * after the erasure (the writer's COPYs were under way): gone before they are counted, as a COPY commits at most
 * seconds after its rows' time and counting waits `settleMs`. The podcast index finds them.
 */
export async function sweepErased(sql: Sql): Promise<void> {
  await sql(
    `with swept as (
       delete from analytics.download_requests r using analytics.erased_podcasts e
        where e.erased_at > now() - interval '10 minutes' and r.podcast_id = e.podcast_id
          and r.occurred_at >= e.erased_at - interval '1 hour'
        returning r.id)
     delete from analytics.download_deliveries d using swept where d.request_id = swept.id`,
  );
}
