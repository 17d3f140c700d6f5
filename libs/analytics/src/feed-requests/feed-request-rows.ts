import type { EntityManager } from '@mikro-orm/postgresql';
import { FEED_REQUEST_ENCODINGS, type FeedRequestBatch } from '@castbase/contracts';
import { byteaText, executeBound } from '@castbase/platform-persistence';
import { subscribersFromUserAgent, type Attribution, type CountryLookup } from '../attribution/index.js';
import { utcDay, type ListenerKeys } from '../downloads/listener-keys.js';

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

/** What a batch's client (user agent and address) contributes to each of its requests' rows. */
interface ClientAttribution {
  app: string;
  appKind: string;
  filtered: boolean;
  country: string | null;
  aggregator: string | null;
  aggregatorFeed: string | null;
  aggregatorSubscribers: number | null;
}

/**
 * The rows of a `feeds.feed.requested` batch. A batch names each client once and a client usually makes many of its
 * requests (an app polling several feeds, one address behind many polls), so each client is attributed once, and its
 * fetcher key made once per UTC day its requests fall in: the user-agent parsing, the country lookup and the keyed hash were
 * per request before, and in the all-in-one process they took more of the core than answering the feeds did.
 */
export function feedRequestRows(
  batch: FeedRequestBatch,
  { attribution, countries, keys }: FeedRequestAttribution,
): FeedRequestRow[] {
  const startedAt = Date.parse(batch.startedAt);
  const clients = new Map<number, ClientAttribution>();
  const fetchers = new Map<string, Buffer>();
  const clientOf = (index: number): ClientAttribution => {
    let known = clients.get(index);
    if (!known) {
      const { userAgent, ip } = batch.clients[index]!;
      const byUserAgent = attribution.attributeUserAgent(userAgent);
      const reported = subscribersFromUserAgent(userAgent);
      known = {
        app: byUserAgent.app,
        appKind: byUserAgent.appKind,
        filtered: byUserAgent.filtered,
        country: countries.countryOf(ip),
        aggregator: reported?.aggregator ?? null,
        aggregatorFeed: reported?.feedId ?? null,
        aggregatorSubscribers: reported?.subscribers ?? null,
      };
      clients.set(index, known);
    }
    return known;
  };
  const fetcherOf = (index: number, atMs: number): Buffer => {
    const memo = `${index} ${utcDay(atMs)}`;
    let key = fetchers.get(memo);
    if (!key) {
      const { userAgent, ip } = batch.clients[index]!;
      key = keys.dayKeyOf(ip, userAgent, atMs);
      fetchers.set(memo, key);
    }
    return key;
  };
  return batch.requests.map(([feed, client, offsetMs, status, bytes, encoding, cacheHit]) => {
    const atMs = startedAt + offsetMs;
    return {
      requestedAt: new Date(atMs),
      podcastId: batch.feeds[feed]!.podcastId,
      variant: batch.feeds[feed]!.variant,
      status,
      bytes,
      encoding: FEED_REQUEST_ENCODINGS[encoding]!,
      cacheHit: cacheHit === 1,
      ...clientOf(client),
      fetcher: fetcherOf(client, atMs),
    };
  });
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
].join(', ');

/**
 * Rows per INSERT. The feeds service publishes at most 500 requests a batch, so a batch is one statement; the limit
 * only keeps a statement's parameter bounded should a larger batch ever come.
 */
const ROWS_PER_STATEMENT = 1000;

/** A row as `json_populate_recordset` reads it: the table's column names, the key in bytea's text form. */
const jsonRow = (row: FeedRequestRow) => ({
  requested_at: row.requestedAt,
  podcast_id: row.podcastId,
  variant: row.variant,
  status: row.status,
  bytes: row.bytes,
  encoding: row.encoding,
  cache_hit: row.cacheHit,
  app: row.app,
  app_kind: row.appKind,
  filtered: row.filtered,
  country: row.country,
  fetcher: byteaText(row.fetcher),
  aggregator: row.aggregator,
  aggregator_feed: row.aggregatorFeed,
  aggregator_subscribers: row.aggregatorSubscribers,
});

/**
 * Inserts the rows in the caller's transaction, many rows to a statement, as one JSON parameter: JSON.stringify is
 * native, where binding 15 parameters a row (or MikroORM writing them into the text) took a tenth of the all-in-one
 * process's time under feed traffic.
 */
export async function insertFeedRequests(em: EntityManager, rows: readonly FeedRequestRow[]): Promise<void> {
  for (let first = 0; first < rows.length; first += ROWS_PER_STATEMENT) {
    await executeBound(
      em,
      `insert into analytics.feed_requests (${COLUMNS})
         select ${COLUMNS} from json_populate_recordset(null::analytics.feed_requests, $1::json)`,
      [JSON.stringify(rows.slice(first, first + ROWS_PER_STATEMENT).map(jsonRow))],
    );
  }
}
