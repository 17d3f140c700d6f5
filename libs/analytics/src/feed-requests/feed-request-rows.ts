import type { EntityManager } from '@mikro-orm/postgresql';
import type { FeedRequest } from '@castbase/contracts';
import { subscribersFromUserAgent, type Attribution, type CountryLookup } from '../attribution/index.js';
import type { ListenerKeys } from '../downloads/listener-keys.js';

/** A feed request as `analytics.feed_requests` keeps it: attributed, its address reduced to a country and a key. */
export interface FeedRequestRow {
  requestedAt: Date;
  podcastId: string;
  variant: string;
  status: number;
  bytes: number;
  encoding: string;
  cacheHit: boolean;
  app: string;
  appKind: string;
  /** A bot, a tool or no User-Agent (isbot and the podcast bot and tool rules). */
  filtered: boolean;
  country: string | null;
  /** The day's keyed hash of the address (IPv6 cut to its /64) and User-Agent. */
  fetcher: Buffer;
  aggregator: string | null;
  aggregatorFeed: string | null;
  aggregatorSubscribers: number | null;
}

export interface FeedRequestAttribution {
  attribution: Attribution;
  countries: CountryLookup;
  keys: ListenerKeys;
}

/** Attributes one request; the address is used for the country and the fetcher key, then dropped. */
export function feedRequestRow(
  request: FeedRequest,
  { attribution, countries, keys }: FeedRequestAttribution,
): FeedRequestRow {
  const atMs = Date.parse(request.at);
  const byUserAgent = attribution.attributeUserAgent(request.userAgent);
  const reported = subscribersFromUserAgent(request.userAgent);
  return {
    requestedAt: new Date(atMs),
    podcastId: request.podcastId,
    variant: request.variant,
    status: request.status,
    bytes: request.bytes,
    encoding: request.encoding,
    cacheHit: request.cacheHit,
    app: byUserAgent.app,
    appKind: byUserAgent.appKind,
    filtered: byUserAgent.filtered,
    country: countries.countryOf(request.ip),
    fetcher: keys.keyOf(request.ip, request.userAgent, atMs).day,
    aggregator: reported?.aggregator ?? null,
    aggregatorFeed: reported?.feedId ?? null,
    aggregatorSubscribers: reported?.subscribers ?? null,
  };
}

const COLUMNS = [
  'requested_at',
  'podcast_id',
  'variant',
  'status',
  'bytes',
  'encoding',
  'cache_hit',
  'app',
  'app_kind',
  'filtered',
  'country',
  'fetcher',
  'aggregator',
  'aggregator_feed',
  'aggregator_subscribers',
] as const;

/**
 * Rows per INSERT. The feeds service publishes at most 500 requests a batch, so a batch is one statement; the limit
 * only keeps a statement's text bounded should a larger batch ever come.
 */
const ROWS_PER_STATEMENT = 1000;

const rowValues = (row: FeedRequestRow): unknown[] => [
  row.requestedAt,
  row.podcastId,
  row.variant,
  row.status,
  row.bytes,
  row.encoding,
  row.cacheHit,
  row.app,
  row.appKind,
  row.filtered,
  row.country,
  row.fetcher,
  row.aggregator,
  row.aggregatorFeed,
  row.aggregatorSubscribers,
];

/** Inserts the rows in the caller's transaction, many rows to a statement. */
export async function insertFeedRequests(em: EntityManager, rows: readonly FeedRequestRow[]): Promise<void> {
  const placeholders = `(${COLUMNS.map(() => '?').join(', ')})`;
  for (let first = 0; first < rows.length; first += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(first, first + ROWS_PER_STATEMENT);
    await em
      .getConnection()
      .execute(
        `insert into analytics.feed_requests (${COLUMNS.join(', ')}) values ${chunk.map(() => placeholders).join(', ')}`,
        chunk.flatMap(rowValues),
        'run',
        em.getTransactionContext(),
      );
  }
}
