import { Inject, Injectable, Optional } from '@nestjs/common';
import type { FeedDocument, FeedDocumentSummary } from '../feed-documents/feed-document.js';
import { compressFeed } from './compress-feed.js';
import type { FEED_ENCODINGS, FeedEncoding } from './content-encoding.js';

export interface FeedResponseCacheOptions {
  /** How long an entry is trusted before the database is asked whether the feed changed. */
  ttlMs: number;
  /** Feeds kept; the least recently used go first. */
  maxFeeds: number;
  /** Bytes kept (XML plus compressed copies); the least recently used feeds go first. */
  maxBytes: number;
  /** Unknown addresses remembered, so a client polling a dead URL does not query the database each time. */
  maxMissing: number;
  now: () => number;
}

export const FEED_RESPONSE_CACHE_OPTIONS = Symbol('FEED_RESPONSE_CACHE_OPTIONS');

/** Short enough that a replica that did not regenerate a feed serves the new one within seconds. */
export const DEFAULT_FEED_RESPONSE_CACHE_OPTIONS: FeedResponseCacheOptions = {
  ttlMs: 15_000,
  maxFeeds: 1_000,
  maxBytes: 128 * 1024 * 1024,
  maxMissing: 1_000,
  now: Date.now,
};

/** One version of one feed, ready to send: the XML bytes and, made on first request, each compressed copy. */
export class CachedFeed {
  readonly identity: Buffer;
  private readonly encoded = new Map<(typeof FEED_ENCODINGS)[number], Promise<Buffer>>();
  private encodedBytes = 0;

  constructor(
    readonly summary: FeedDocumentSummary,
    xml: string,
  ) {
    this.identity = Buffer.from(xml, 'utf8');
  }

  get bytes(): number {
    return this.identity.length + this.encodedBytes;
  }

  body(encoding: FeedEncoding): Promise<Buffer> {
    if (encoding === 'identity') return Promise.resolve(this.identity);
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compressFeed(this.identity, encoding);
      this.encoded.set(encoding, body);
      body.then(
        (compressed) => (this.encodedBytes += compressed.length),
        () => this.encoded.delete(encoding),
      );
    }
    return body;
  }
}

export type CacheLookup =
  | { state: 'fresh'; feed: CachedFeed }
  | { state: 'stale'; feed: CachedFeed }
  | { state: 'missing' }
  | { state: 'unknown' };

/**
 * The feeds this process serves, keyed by request address, so an unchanged feed costs no database query.
 * Regenerating a feed here invalidates it at once; changes made by other replicas are picked up when an
 * entry's TTL runs out (then only the entity tag is read, and the entry is kept if it still matches).
 */
@Injectable()
export class FeedResponseCache {
  private readonly options: FeedResponseCacheOptions;
  private readonly feeds = new Map<string, { feed: CachedFeed; expiresAt: number }>();
  private readonly missing = new Map<string, number>();
  private invalidations = 0;

  constructor(@Optional() @Inject(FEED_RESPONSE_CACHE_OPTIONS) options?: Partial<FeedResponseCacheOptions>) {
    this.options = { ...DEFAULT_FEED_RESPONSE_CACHE_OPTIONS, ...options };
  }

  lookup(address: string): CacheLookup {
    const now = this.options.now();
    const entry = this.feeds.get(address);
    if (entry) {
      this.touch(this.feeds, address, entry);
      return { state: entry.expiresAt > now ? 'fresh' : 'stale', feed: entry.feed };
    }
    const missingUntil = this.missing.get(address);
    if (missingUntil !== undefined && missingUntil > now) return { state: 'missing' };
    return { state: 'unknown' };
  }

  /** A marker to pass to `store*`: what was read after it is only kept if no invalidation happened since. */
  version(): number {
    return this.invalidations;
  }

  storeFeed(address: string, document: FeedDocument, readAtVersion: number): CachedFeed {
    const feed = new CachedFeed(summaryOf(document), document.xml);
    if (readAtVersion !== this.invalidations) return feed;
    this.missing.delete(address);
    this.feeds.delete(address);
    this.feeds.set(address, { feed, expiresAt: this.options.now() + this.options.ttlMs });
    this.evict();
    return feed;
  }

  /** The database still has this version: trust the entry for another TTL. */
  renew(address: string, feed: CachedFeed, readAtVersion: number): void {
    const entry = this.feeds.get(address);
    if (readAtVersion !== this.invalidations || entry?.feed !== feed) return;
    entry.expiresAt = this.options.now() + this.options.ttlMs;
  }

  storeMissing(address: string, readAtVersion: number): void {
    if (readAtVersion !== this.invalidations) return;
    this.feeds.delete(address);
    this.missing.delete(address);
    this.missing.set(address, this.options.now() + this.options.ttlMs);
    while (this.missing.size > this.options.maxMissing) this.deleteOldest(this.missing);
  }

  /** Forgets every address of a podcast's feed, and every remembered miss (the feed may be new). */
  invalidatePodcast(podcastId: string): void {
    this.invalidations += 1;
    this.missing.clear();
    for (const [address, entry] of this.feeds) {
      if (entry.feed.summary.podcastId === podcastId) this.feeds.delete(address);
    }
  }

  private evict(): void {
    let bytes = 0;
    for (const entry of this.feeds.values()) bytes += entry.feed.bytes;
    while (
      this.feeds.size > 1 &&
      (this.feeds.size > this.options.maxFeeds || bytes > this.options.maxBytes)
    ) {
      const oldest = this.feeds.keys().next().value;
      if (oldest === undefined) return;
      bytes -= this.feeds.get(oldest)?.feed.bytes ?? 0;
      this.feeds.delete(oldest);
    }
  }

  private touch<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    map.set(key, value);
  }

  private deleteOldest(map: Map<string, unknown>): void {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

function summaryOf(document: FeedDocument): FeedDocumentSummary {
  const { xml: _xml, ...summary } = document;
  return summary;
}
