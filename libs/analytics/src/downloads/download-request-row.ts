/** One GET of an enclosure as `download_requests` keeps it. No address: only the listener's keyed hashes. */
export interface DownloadRequestRow {
  id: string;
  occurredAtMs: number;
  podcastId: string;
  episodeId: string;
  ownerId: string;
  listenerDay: Buffer;
  listenerNext: Buffer;
  /** The address alone (any user agent) under the day's salt: the burst rule's key. */
  addressDay: Buffer;
  country: string | null;
  userAgent: string;
  referrer: string | null;
  rangeHeader: string | null;
  /** The browser said it was only prefetching (`Sec-Purpose`/`Purpose: prefetch`): nobody pressed play. */
  prefetch: boolean;
  /** Which of Castbase's own players asked (`?src=page|embed|app`), or null. */
  source: string | null;
}

/** The columns in the order `toCopyLine` writes them. */
export const DOWNLOAD_REQUEST_COLUMNS = [
  'id',
  'occurred_at',
  'podcast_id',
  'episode_id',
  'owner_id',
  'listener_day',
  'listener_next',
  'address_day',
  'country',
  'user_agent',
  'referrer',
  'range_header',
  'prefetch',
  'source',
] as const;

export const COPY_DOWNLOAD_REQUESTS = `copy analytics.download_requests (${DOWNLOAD_REQUEST_COLUMNS.join(', ')}) from stdin`;

const NULL = '\\N';

/**
 * The text-format escapes of PostgreSQL's COPY (backslash, tab, newline, carriage return), so a line always holds
 * exactly one row whatever a user agent contains. pg-copy-streams moves bytes and does not encode rows; the format
 * is four escapes, written here.
 */
function text(value: string | null): string {
  if (value === null) return NULL;
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (character) =>
        character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r',
      )
    : value;
}

/** bytea in hex form; its leading backslash is escaped as COPY's text format wants. */
function bytes(value: Buffer): string {
  return `\\\\x${value.toString('hex')}`;
}

/** The row as one line of COPY text format, newline included. */
export function toCopyLine(row: DownloadRequestRow): string {
  return `${row.id}\t${new Date(row.occurredAtMs).toISOString()}\t${row.podcastId}\t${row.episodeId}\t${text(
    row.ownerId,
  )}\t${bytes(row.listenerDay)}\t${bytes(row.listenerNext)}\t${bytes(row.addressDay)}\t${text(row.country)}\t${text(row.userAgent)}\t${text(
    row.referrer,
  )}\t${text(row.rangeHeader)}\t${row.prefetch ? 't' : 'f'}\t${text(row.source)}\n`;
}
