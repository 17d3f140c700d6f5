import { randomFillSync } from 'node:crypto';

/** One GET of an enclosure as `download_requests` keeps it. No address: only the listener's keyed hashes. */
export interface DownloadRequestRow {
  /** A UUIDv7 whose time is `occurredAtMs` (`requestIdAt`): the delivery reference the storage reports it by. */
  id: string;
  occurredAtMs: number;
  podcastId: string;
  episodeId: string;
  ownerId: string;
  /** The listener's keys (ListenerKeys), 16 bytes as hex. */
  listenerDay: string;
  listenerNext: string;
  /** The address alone (any user agent) under the day's salt: the burst rule's key. */
  addressDay: string;
  country: string | null;
  userAgent: string;
  referrer: string | null;
  rangeHeader: string | null;
  /** The browser said it was only prefetching (`Sec-Purpose`/`Purpose: prefetch`): nobody pressed play. */
  prefetch: boolean;
  /** Which of Castbase's own players asked (`?src=page|embed|app`), or null. */
  source: string | null;
  /**
   * The 302 went to Castbase's own storage, which reports the bytes it sent (`download_deliveries`): the counting
   * takes those instead of the requested range.
   */
  ownStorage: boolean;
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
  'own_storage',
] as const;

/** The columns of journal lines written before `own_storage` (20261128): a segment left by an older process. */
export const DOWNLOAD_REQUEST_COLUMNS_BEFORE_DELIVERIES = DOWNLOAD_REQUEST_COLUMNS.slice(0, -1);

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

/** bytea in hex form from hex digits; its leading backslash is escaped as COPY's text format wants. */
function bytes(hex: string): string {
  return `\\\\x${hex}`;
}

/** The row as one line of COPY text format, newline included. */
export function toCopyLine(row: DownloadRequestRow): string {
  return `${row.id}\t${isoTime(row.occurredAtMs)}\t${row.podcastId}\t${row.episodeId}\t${text(
    row.ownerId,
  )}\t${bytes(row.listenerDay)}\t${bytes(row.listenerNext)}\t${bytes(row.addressDay)}\t${text(row.country)}\t${text(row.userAgent)}\t${text(
    row.referrer,
  )}\t${text(row.rangeHeader)}\t${row.prefetch ? 't' : 'f'}\t${text(row.source)}\t${row.ownStorage ? 't' : 'f'}\n`;
}

/**
 * A request's id: a UUIDv7 (RFC 9562) whose 48-bit time is exactly its `occurred_at` in milliseconds, random
 * otherwise (74 bits from the system's CSPRNG), so that the id alone (a delivery reference) finds its row in its day
 * partition by primary key. Not `newEventId`, which keeps ids ordered by moving the time on; here the time must be the
 * request's. Written into one buffer and read out as one string: the redirect makes an id for every request, and
 * `randomUUID` and string slicing made a dozen short-lived strings of each.
 */
export function requestIdAt(occurredAtMs: number): string {
  if (occurredAtMs !== lastIdMs) {
    lastIdMs = occurredAtMs;
    ID.write(occurredAtMs.toString(16).padStart(12, '0').slice(0, 12), 0, 'latin1');
    ID.copyWithin(9, 8, 12);
    ID[8] = DASH;
  }
  if (randomOffset + RANDOM_BYTES_PER_ID > RANDOM.length) {
    randomFillSync(RANDOM);
    randomOffset = 0;
  }
  // The variant (10xx) and its two random bits.
  ID[19] = HEX[0x8 | (RANDOM[randomOffset]! & 0x3)]!;
  randomOffset += 1;
  for (let index = 0; index < RANDOM_HEX_POSITIONS.length; index += 2) {
    const byte = RANDOM[randomOffset++]!;
    ID[RANDOM_HEX_POSITIONS[index]!] = HEX[byte >> 4]!;
    ID[RANDOM_HEX_POSITIONS[index + 1]!] = HEX[byte & 0xf]!;
  }
  return ID.toString('latin1');
}

const HEX = Buffer.from('0123456789abcdef', 'latin1');
const DASH = 0x2d;
/** The id being made: `tttttttt-tttt-7rrr-vrrr-rrrrrrrrrrrr` (time, version 7, random, variant). */
const ID = Buffer.from('00000000-0000-7000-8000-000000000000', 'latin1');
/** Where the 18 random hex digits go (the variant's digit, at 19, apart). */
const RANDOM_HEX_POSITIONS = [15, 16, 17, 20, 21, 22, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35];
const RANDOM_BYTES_PER_ID = 1 + RANDOM_HEX_POSITIONS.length / 2;
/** Random bytes drawn 4 KB at a time. */
const RANDOM = Buffer.alloc(4096);
let randomOffset = RANDOM.length;
/** The millisecond whose time the id's first 13 characters hold. */
let lastIdMs = Number.NaN;

/** The last millisecond's time text: at thousands of downloads a second, many requests share their millisecond. */
let lastIsoTime = { ms: Number.NaN, text: '' };

function isoTime(ms: number): string {
  if (ms !== lastIsoTime.ms) lastIsoTime = { ms, text: new Date(ms).toISOString() };
  return lastIsoTime.text;
}

const REQUEST_ID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The time a request id (`requestIdAt`) was made at; null for anything that is not such an id. */
export function requestTimeOf(id: string): number | null {
  if (!REQUEST_ID_V7.test(id)) return null;
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
