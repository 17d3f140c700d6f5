import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  FEED_REQUEST_ENCODINGS,
  feedsEvents,
  type FeedRequestBatch,
  type FeedRequestEncoding,
} from '@castbase/contracts';
import { BatchedEvents, MessageBus, type BatchedEventsOptions } from '@castbase/platform-messaging';
import { FastHttpRoutes } from '@castbase/platform-runtime';
import { negotiateEncoding } from './content-encoding.js';

/** What the serving path keeps of one answered request: plain values, turned into the event's shape off the path. */
export interface FeedRequestRecord {
  podcastId: string;
  variant: string;
  atMs: number;
  status: number;
  bytes: number;
  /** The response's Content-Encoding; undefined for a 304 (its coding is the client's, read from Accept-Encoding). */
  contentEncoding: string | undefined;
  acceptEncoding: string | undefined;
  cacheHit: boolean;
  userAgent: string | undefined;
  remoteAddress: string | undefined;
  forwardedFor: string | undefined;
}

export type FeedRequestLogOptions = BatchedEventsOptions;

export const FEED_REQUEST_LOG_OPTIONS = Symbol('FEED_REQUEST_LOG_OPTIONS');

export const DEFAULT_FEED_REQUEST_LOG_OPTIONS: FeedRequestLogOptions = {
  flushIntervalMs: 1_000,
  batchSize: 500,
  maxQueued: 20_000,
};

/**
 * The `feeds.feed.requested` events, batched (`BatchedEvents`): `record` only appends to an in-memory queue, so no
 * response waits for the bus; what is queued leaves once a second, or at once when a batch is full. At-most-once log
 * events, published directly rather than through the outbox: see docs/feeds.md.
 */
@Injectable()
export class FeedRequestLog extends BatchedEvents<FeedRequestRecord> {
  private readonly codings = new Map<string, FeedRequestEncoding>();

  constructor(
    bus: MessageBus,
    @Optional() private readonly fastRoutes?: FastHttpRoutes,
    @Optional() @Inject(FEED_REQUEST_LOG_OPTIONS) options?: Partial<FeedRequestLogOptions>,
  ) {
    super(
      bus,
      { subject: feedsEvents.feedsRequested.subject, noun: 'feed requests' },
      { ...DEFAULT_FEED_REQUEST_LOG_OPTIONS, ...options },
    );
  }

  /** Queues one answered request; never waits and never throws. */
  record(request: FeedRequestRecord): void {
    this.add(request);
  }

  protected override payload(records: FeedRequestRecord[]): FeedRequestBatch {
    return this.toBatch(records);
  }

  /** The event's compact form: each feed and each client once, a row of numbers per request. */
  private toBatch(records: FeedRequestRecord[]): FeedRequestBatch {
    const startedAtMs = records[0]!.atMs;
    const feeds: FeedRequestBatch['feeds'] = [];
    const clients: FeedRequestBatch['clients'] = [];
    // Indexes by podcast then variant, and by user agent then address: the header strings themselves are the keys,
    // with no string made per request (this runs for every feed request).
    const feedIndex = new Map<string, Map<string, number>>();
    const clientIndex = new Map<string, Map<string, number>>();
    const requests = records.map((record): FeedRequestBatch['requests'][number] => {
      let variants = feedIndex.get(record.podcastId);
      if (variants === undefined) feedIndex.set(record.podcastId, (variants = new Map<string, number>()));
      let feed = variants.get(record.variant);
      if (feed === undefined) {
        feed = feeds.push({ podcastId: record.podcastId, variant: record.variant }) - 1;
        variants.set(record.variant, feed);
      }
      const userAgent = record.userAgent ?? '';
      let addresses = clientIndex.get(userAgent);
      if (addresses === undefined) clientIndex.set(userAgent, (addresses = new Map<string, number>()));
      const address = record.forwardedFor
        ? `${record.remoteAddress ?? ''}\u0000${record.forwardedFor}`
        : (record.remoteAddress ?? '');
      let client = addresses.get(address);
      if (client === undefined) {
        client = clients.push({ userAgent, ip: this.clientAddress(record) }) - 1;
        addresses.set(address, client);
      }
      const encoding =
        record.contentEncoding ??
        (record.status === 304 ? this.clientCoding(record.acceptEncoding) : 'identity');
      return [
        feed,
        client,
        Math.max(0, record.atMs - startedAtMs),
        record.status,
        record.bytes,
        encodingIndex(encoding),
        record.cacheHit ? 1 : 0,
      ];
    });
    return { startedAt: new Date(startedAtMs).toISOString(), feeds, clients, requests };
  }

  /** The coding a 304 stands for: the one the client's Accept-Encoding gets (a handful of distinct values, remembered). */
  private clientCoding(acceptEncoding: string | undefined): FeedRequestEncoding {
    const key = acceptEncoding ?? '';
    let coding = this.codings.get(key);
    if (coding === undefined) {
      coding = negotiateEncoding(acceptEncoding);
      if (this.codings.size >= 256) this.codings.clear();
      this.codings.set(key, coding);
    }
    return coding;
  }

  private clientAddress(record: FeedRequestRecord): string {
    const source = { remoteAddress: record.remoteAddress, forwardedFor: record.forwardedFor };
    return this.fastRoutes ? this.fastRoutes.clientAddress(source) : (record.remoteAddress ?? '');
  }
}

function encodingIndex(encoding: string): number {
  const index = FEED_REQUEST_ENCODINGS.indexOf(encoding as FeedRequestEncoding);
  return index === -1 ? 0 : index;
}
