import type { EntityManager } from '@mikro-orm/postgresql';
import { DAY_MS, FEED_REQUEST_ENCODINGS, type FeedRequestBatch } from '@castbase/contracts';
import { byteaText, executeBound } from '@castbase/platform-persistence';
import { subscribersFromUserAgent, type Attribution, type CountryLookup } from '../attribution/index.js';
import type { ListenerKeys } from '../downloads/listener-keys.js';

export interface FeedRequestAttribution {
  attribution: Attribution;
  countries: CountryLookup;
  keys: ListenerKeys;
}

/**
 * Each column of `analytics.feed_requests` as the insert reads a request: the short key of its JSON object, and its
 * type. A null value is left out of the object (json_to_recordset reads a missing key as null).
 */
const FIELDS = [
  ['requested_at', 't', 'bigint'], // milliseconds since the epoch
  ['podcast_id', 'p', 'uuid'],
  ['variant', 'v', 'text'],
  ['status', 's', 'smallint'],
  ['bytes', 'b', 'bigint'],
  ['encoding', 'e', 'text'],
  ['cache_hit', 'h', 'boolean'],
  ['app', 'a', 'text'],
  ['app_kind', 'k', 'text'],
  /** A bot, a tool or no User-Agent (isbot and the podcast bot and tool rules). */
  ['filtered', 'f', 'boolean'],
  ['country', 'c', 'text'],
  /** The day's keyed hash of the address (IPv6 cut to its /64) and User-Agent: the address is not kept. */
  ['fetcher', 'x', 'bytea'],
  ['aggregator', 'g', 'text'],
  ['aggregator_feed', 'gf', 'text'],
  ['aggregator_subscribers', 'gs', 'integer'],
] as const;

/** The request's column from its field: times travel as milliseconds since the epoch. */
const selected = (column: string, key: string) =>
  column === 'requested_at' ? `timestamptz 'epoch' + r.${key} * interval '1 millisecond'` : `r.${key}`;

const INSERT_FEED_REQUESTS = `insert into analytics.feed_requests (${FIELDS.map(([column]) => column).join(', ')})
  select ${FIELDS.map(([column, key]) => selected(column, key)).join(', ')}
    from json_to_recordset($1::json) as r(${FIELDS.map(([, key, type]) => `${key} ${type}`).join(', ')})`;

/** `,"key":value` of a string, or nothing for null. */
const textField = (key: string, value: string | null | undefined) =>
  value === null || value === undefined ? '' : `,"${key}":${JSON.stringify(value)}`;

/** `,"key":value` of an integer, or nothing for null. */
const integerField = (key: string, value: number | null | undefined) =>
  value === null || value === undefined ? '' : `,"${key}":${Math.trunc(value)}`;

/**
 * A `feeds.feed.requested` batch as the JSON array of the requests' rows (FIELDS), attributed (app, bot filter,
 * country, aggregator's subscriber count) and keyed by the day's hash of the address. A batch names each feed and each
 * client once and a client usually makes many of its requests (an app polling several feeds, one address behind many
 * polls), so each feed's and each client's part of a row is written once, and a client's fetcher key once per UTC
 * day its requests fall in; a request adds only its numbers (checked integers and an index into the encodings, by the
 * batch's schema). Objects per request and JSON.stringify over them, with the columns' names as keys, were most of the
 * all-in-one process's work per feed request after answering it, and twice the text for PostgreSQL to read.
 */
export function feedRequestsJson(
  batch: FeedRequestBatch,
  { attribution, countries, keys }: FeedRequestAttribution,
): string {
  const startedAt = Date.parse(batch.startedAt);
  const feeds = batch.feeds.map(
    ({ podcastId, variant }) => `"p":${JSON.stringify(podcastId)},"v":${JSON.stringify(variant)}`,
  );
  const clients = new Map<number, string>();
  const clientOf = (index: number): string => {
    let known = clients.get(index);
    if (known === undefined) {
      const { userAgent, ip } = batch.clients[index]!;
      const { app, appKind, filtered } = attribution.attributeUserAgent(userAgent);
      const reported = subscribersFromUserAgent(userAgent);
      known = [
        textField('a', app),
        textField('k', appKind),
        `,"f":${filtered}`,
        textField('c', countries.countryOf(ip)),
        textField('g', reported?.aggregator),
        textField('gf', reported?.feedId),
        integerField('gs', reported?.subscribers),
      ].join('');
      clients.set(index, known);
    }
    return known;
  };
  // Each client's fetcher key of the UTC day its last request fell in.
  const fetchers = new Map<number, { dayStartMs: number; field: string }>();
  const fetcherOf = (index: number, atMs: number): string => {
    const known = fetchers.get(index);
    if (known && atMs >= known.dayStartMs && atMs < known.dayStartMs + DAY_MS) return known.field;
    const { userAgent, ip } = batch.clients[index]!;
    const field = `,"x":${JSON.stringify(byteaText(keys.dayKeyOf(ip, userAgent, atMs)))}`;
    fetchers.set(index, { dayStartMs: Math.floor(atMs / DAY_MS) * DAY_MS, field });
    return field;
  };
  const rows = batch.requests.map(([feed, client, offsetMs, status, bytes, encoding, cacheHit]) => {
    const atMs = startedAt + offsetMs;
    return `{"t":${atMs},${feeds[feed]!},"s":${status},"b":${bytes},"e":"${FEED_REQUEST_ENCODINGS[encoding]!}","h":${cacheHit === 1}${clientOf(client)}${fetcherOf(client, atMs)}}`;
  });
  return `[${rows.join(',')}]`;
}

/**
 * Inserts a batch's requests in the caller's transaction, in one statement with one JSON parameter
 * (`feedRequestsJson`): JSON is read natively on both sides, where binding 15 parameters a row (or MikroORM writing
 * them into the text) took a tenth of the all-in-one process's time under feed traffic. The feeds service publishes at
 * most 500 requests a batch.
 */
export async function insertFeedRequests(
  em: EntityManager,
  batch: FeedRequestBatch,
  attribution: FeedRequestAttribution,
): Promise<void> {
  await executeBound(em, INSERT_FEED_REQUESTS, [feedRequestsJson(batch, attribution)]);
}
