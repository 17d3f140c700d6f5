import { Inject, Injectable, Optional } from '@nestjs/common';
import type { FeedVariant } from '@castbase/contracts';
import type { FeedVariantRecord } from '../feed-documents/feed-records.js';
import { representationEtag } from './conditional-request.js';
import { FEED_ENCODINGS, type FeedEncoding } from './content-encoding.js';
import { feedResponseHeaders, type FeedResponseHeaders } from './feed-response-headers.js';

const FEED_CODINGS: FeedEncoding[] = ['identity', ...FEED_ENCODINGS];
/** How finely the cache keeps the order of use (its eviction order). */
const USE_RESOLUTION_MS = 1_000;

export interface FeedResponseCacheOptions {
  /** How long an entry is trusted before the database is asked (one small row) whether the feed changed. */
  ttlMs: number;
  /** Addresses kept; the least recently used go first. */
  maxFeeds: number;
  /** Body bytes kept (every coding loaded so far); the least recently used addresses go first. */
  maxBytes: number;
  /** Unknown addresses remembered, so a client polling a dead URL does not query the database each time. */
  maxMissing: number;
  now: () => number;
}

export const FEED_RESPONSE_CACHE_OPTIONS = Symbol('FEED_RESPONSE_CACHE_OPTIONS');

/** Short enough that a replica that did not generate a feed serves the new one within seconds. */
export const DEFAULT_FEED_RESPONSE_CACHE_OPTIONS: FeedResponseCacheOptions = {
  ttlMs: 15_000,
  maxFeeds: 1_000,
  maxBytes: 128 * 1024 * 1024,
  maxMissing: 1_000,
  now: Date.now,
};

/** Who may read a podcast's feeds and where they live, as the serving path needs it. */
export interface ServedPodcast {
  podcastId: string;
  username: string | null;
  slug: string;
  private: boolean;
  /** The current private-feed token (null for a public podcast). */
  token: string | null;
}

/** One version of one variant, ready to send: its validators, and each coding's bytes once first asked for. */
export class CachedFeed {
  /** Last-Modified as sent (RFC 9110 IMF-fixdate), made once. */
  readonly lastModified: string;
  private readonly bodies = new Map<FeedEncoding, Promise<Buffer | null>>();
  /** Each coding's bytes once loaded, for answers that need no promise. */
  private readonly loaded = new Map<FeedEncoding, Buffer>();
  /** Each coding's response headers, made once (with the Content-Length they were made for). */
  private readonly headers = new Map<FeedEncoding, { contentLength: number; headers: FeedResponseHeaders }>();
  private loadedBytes = 0;
  private currentTags: Set<string> | undefined;

  constructor(
    readonly podcast: ServedPodcast,
    readonly variant: FeedVariantRecord,
    private readonly load: (coding: FeedEncoding) => Promise<Buffer | null>,
    private readonly onLoaded: () => void = () => undefined,
  ) {
    this.lastModified = variant.generatedAt.toUTCString();
  }

  get bytes(): number {
    return this.loadedBytes;
  }

  /** The size a coding's body has, known without loading it (a HEAD, Content-Length). */
  size(coding: FeedEncoding): number {
    return coding === 'identity'
      ? this.variant.byteSize
      : coding === 'gzip'
        ? this.variant.gzipSize
        : this.variant.brotliSize;
  }

  /**
   * Whether an If-None-Match value is exactly the tag of one coding of this version, as clients send it back: the
   * common case, checked without parsing (anything else goes through isNotModified).
   */
  isCurrentTag(ifNoneMatch: string): boolean {
    this.currentTags ??= new Set(FEED_CODINGS.map((coding) => representationEtag(this.variant.etag, coding)));
    return this.currentTags.has(ifNoneMatch);
  }

  /** A coding's bytes if they are in memory already. */
  loadedBody(coding: FeedEncoding): Buffer | undefined {
    return this.loaded.get(coding);
  }

  /**
   * A coding's 200 and 304 headers, made once per coding: Content-Length is `body`'s length when given (a GET),
   * else the stored size (a HEAD, a 304).
   */
  responseHeaders(coding: FeedEncoding, body?: Buffer): FeedResponseHeaders {
    const contentLength = body ? body.length : this.size(coding);
    const made = this.headers.get(coding);
    if (made?.contentLength === contentLength) return made.headers;
    const headers = feedResponseHeaders(
      { etag: this.variant.etag, lastModified: this.lastModified, private: this.podcast.private },
      coding,
      contentLength,
    );
    this.headers.set(coding, { contentLength, headers });
    return headers;
  }

  /** A coding's bytes from the stored copy, read once; null when the stored copy is gone. */
  body(coding: FeedEncoding): Promise<Buffer | null> {
    let body = this.bodies.get(coding);
    if (!body) {
      body = this.load(coding);
      this.bodies.set(coding, body);
      body.then(
        (bytes) => {
          if (bytes === null) return void this.bodies.delete(coding);
          this.loaded.set(coding, bytes);
          this.loadedBytes += bytes.length;
          this.onLoaded();
        },
        () => this.bodies.delete(coding),
      );
    }
    return body;
  }
}

/** What an address answers: a feed, or a 301 to where its podcast moved. */
export type CachedAddress =
  { kind: 'feed'; feed: CachedFeed } | { kind: 'moved'; podcast: ServedPodcast; variant: FeedVariant };

export type CacheLookup =
  | { state: 'fresh'; entry: CachedAddress }
  | { state: 'stale'; entry: CachedAddress }
  | { state: 'missing' }
  | { state: 'unknown' };

function podcastOf(entry: CachedAddress): ServedPodcast {
  return entry.kind === 'feed' ? entry.feed.podcast : entry.podcast;
}

function bytesOf(entry: CachedAddress): number {
  return entry.kind === 'feed' ? entry.feed.bytes : 0;
}

/**
 * The feed addresses this process serves, so an unchanged feed costs no database query and no storage read. A
 * generation or a podcast change here drops its podcast's entries at once (after commit); changes made by other
 * replicas are picked up when an entry's TTL runs out (then only one small row is read, and the entry kept if the
 * variant's tag and the podcast's access still match).
 */
@Injectable()
export class FeedResponseCache {
  private readonly options: FeedResponseCacheOptions;
  private readonly entries = new Map<string, { entry: CachedAddress; expiresAt: number; usedAt: number }>();
  private readonly missing = new Map<string, number>();
  private invalidations = 0;

  constructor(@Optional() @Inject(FEED_RESPONSE_CACHE_OPTIONS) options?: Partial<FeedResponseCacheOptions>) {
    this.options = { ...DEFAULT_FEED_RESPONSE_CACHE_OPTIONS, ...options };
  }

  lookup(address: string): CacheLookup {
    const now = this.options.now();
    const cached = this.entries.get(address);
    if (cached) {
      // Least recently used to the second: a feed polled thousands of times a second moves to the end once.
      if (now - cached.usedAt >= USE_RESOLUTION_MS) {
        cached.usedAt = now;
        this.entries.delete(address);
        this.entries.set(address, cached);
      }
      return { state: cached.expiresAt > now ? 'fresh' : 'stale', entry: cached.entry };
    }
    const missingUntil = this.missing.get(address);
    if (missingUntil !== undefined && missingUntil > now) return { state: 'missing' };
    return { state: 'unknown' };
  }

  /** A marker to pass to `store*`: what was read after it is only kept if no invalidation happened since. */
  version(): number {
    return this.invalidations;
  }

  /** A feed entry whose bodies count against the byte bound as they load. */
  newFeed(
    podcast: ServedPodcast,
    variant: FeedVariantRecord,
    load: (coding: FeedEncoding) => Promise<Buffer | null>,
  ): CachedFeed {
    return new CachedFeed(podcast, variant, load, () => this.evict());
  }

  store(address: string, entry: CachedAddress, readAtVersion: number): void {
    if (readAtVersion !== this.invalidations) return;
    this.missing.delete(address);
    this.entries.delete(address);
    const now = this.options.now();
    this.entries.set(address, { entry, expiresAt: now + this.options.ttlMs, usedAt: now });
    this.evict();
  }

  /** The database still has this version: trust the entry for another TTL. */
  renew(address: string, entry: CachedAddress, readAtVersion: number): void {
    const cached = this.entries.get(address);
    if (readAtVersion !== this.invalidations || cached?.entry !== entry) return;
    cached.expiresAt = this.options.now() + this.options.ttlMs;
  }

  storeMissing(address: string, readAtVersion: number): void {
    if (readAtVersion !== this.invalidations) return;
    this.entries.delete(address);
    this.missing.delete(address);
    this.missing.set(address, this.options.now() + this.options.ttlMs);
    while (this.missing.size > this.options.maxMissing) {
      const oldest = this.missing.keys().next().value;
      if (oldest === undefined) break;
      this.missing.delete(oldest);
    }
  }

  /** Forgets every address of a podcast (feeds and redirects), and every remembered miss (the address may be new). */
  invalidatePodcast(podcastId: string): void {
    this.invalidations += 1;
    this.missing.clear();
    for (const [address, cached] of this.entries) {
      if (podcastOf(cached.entry).podcastId === podcastId) this.entries.delete(address);
    }
  }

  forget(address: string): void {
    this.invalidations += 1;
    this.entries.delete(address);
  }

  private evict(): void {
    let bytes = 0;
    for (const cached of this.entries.values()) bytes += bytesOf(cached.entry);
    while (
      this.entries.size > 1 &&
      (this.entries.size > this.options.maxFeeds || bytes > this.options.maxBytes)
    ) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) return;
      const evicted = this.entries.get(oldest);
      bytes -= evicted ? bytesOf(evicted.entry) : 0;
      this.entries.delete(oldest);
    }
  }
}
