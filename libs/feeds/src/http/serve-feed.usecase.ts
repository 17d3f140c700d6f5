import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  feedPath,
  feedVariantKey,
  parseFeedFileName,
  type ErrorCode,
  type FeedVariant,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { FeedFiles } from '../feed-documents/feed-files.js';
import type { FeedPodcastRecord } from '../feed-documents/feed-records.js';
import { FeedRepository } from '../feed-documents/feed.repository.js';
import { isNotModified, type ConditionalHeaders } from './conditional-request.js';
import { negotiateEncoding, type FeedEncoding } from './content-encoding.js';
import {
  FeedResponseCache,
  type CachedAddress,
  type CachedFeed,
  type ServedPodcast,
} from './feed-response-cache.js';

import { FEED_CACHE_CONTROL, PRIVATE_FEED_CACHE_CONTROL } from './feed-response-headers.js';

export {
  FEED_CACHE_CONTROL,
  FEED_CONTENT_TYPE,
  PRIVATE_FEED_CACHE_CONTROL,
} from './feed-response-headers.js';

export interface FeedRequest extends ConditionalHeaders {
  username: string;
  /** The last path segment, `{slug-or-podcast-id}{suffix}.xml`. */
  fileName: string;
  /** The `token` query parameter (a private podcast's feeds need it), or undefined. */
  token: string | undefined;
  method: 'GET' | 'HEAD';
  acceptEncoding?: string | undefined;
}

export interface FeedResponse {
  status: 200 | 301 | 304 | 401 | 404;
  headers: Record<string, string>;
  /** Empty for a HEAD, a 304 and a 301. */
  body: Buffer;
  /** The podcast and variant key (feedVariantKey) answered, for the feed-request event; null for an unknown address. */
  podcastId: string | null;
  variant: string | null;
  /** Answered from this process's memory without reading the database or storage. */
  cacheHit: boolean;
}

const EMPTY = Buffer.alloc(0);
const MAX_REMEMBERED_ACCEPT_ENCODINGS = 256;

/**
 * Answers a public feed request from memory: the stored variant with validators and its precompressed coding, 304
 * when the client's copy is current, 301 from an address the podcast moved away from, 401 for a private podcast's
 * feed without its current token, or 404. Never generates: an address without a stored variant is unknown.
 */
@Injectable()
export class ServeFeed {
  private readonly revalidating = new Map<string, Promise<CachedAddress | null>>();
  /** Accept-Encoding values seen, and the coding each gets: apps send a handful of distinct values. */
  private readonly negotiated = new Map<string, FeedEncoding>();

  constructor(
    private readonly feeds: FeedRepository,
    private readonly files: FeedFiles,
    private readonly cache: FeedResponseCache,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async execute(request: FeedRequest): Promise<FeedResponse> {
    const address = `${request.username}/${request.fileName}`;
    const cached = this.cache.lookup(address);
    const cacheHit = cached.state === 'fresh' || cached.state === 'missing';
    let entry: CachedAddress | null;
    if (cached.state === 'fresh') entry = cached.entry;
    else if (cached.state === 'missing') entry = null;
    else entry = await this.resolveOnce(address, request, cached.state === 'stale' ? cached.entry : null);
    const answer = this.answer(entry, request, cacheHit);
    if (!('loadBody' in answer)) return answer;

    const { feed, encoding, response } = answer.loadBody;
    const body = await feed.body(encoding);
    if (!body) {
      // The stored copy went (the podcast was removed while this entry was cached): nothing to serve.
      this.cache.forget(address);
      return errorResponse('FEED_NOT_FOUND', 404, 'no-cache', null, null, false);
    }
    return { ...response, headers: feed.responseHeaders(encoding, body).ok, body };
  }

  /**
   * The same answer as `execute`, synchronously, when this process's memory holds all of it: a fresh entry whose
   * coding is loaded (or a 304, a HEAD, a 301, a 401), or an address remembered as unknown. Undefined when the answer
   * needs the database or storage; then call `execute`. The public feed path's common case (ADR 0014).
   */
  executeFromMemory(request: FeedRequest): FeedResponse | undefined {
    const cached = this.cache.lookup(`${request.username}/${request.fileName}`);
    if (cached.state === 'missing') return NOT_FOUND_FROM_MEMORY;
    if (cached.state !== 'fresh') return undefined;
    const answer = this.answer(cached.entry, request, true);
    if (!('loadBody' in answer)) return answer;
    const { feed, encoding, response } = answer.loadBody;
    const body = feed.loadedBody(encoding);
    return body ? { ...response, headers: feed.responseHeaders(encoding, body).ok, body } : undefined;
  }

  /** The response for a resolved address, or what is missing from it: the body of a coding not in memory yet. */
  private answer(
    entry: CachedAddress | null,
    request: FeedRequest,
    cacheHit: boolean,
  ): FeedResponse | { loadBody: { feed: CachedFeed; encoding: FeedEncoding; response: FeedResponse } } {
    if (!entry) return errorResponse('FEED_NOT_FOUND', 404, 'no-cache', null, null, cacheHit);

    const podcast = entry.kind === 'feed' ? entry.feed.podcast : entry.podcast;
    const variantKey = entry.kind === 'feed' ? entry.feed.variant.variantKey : feedVariantKey(entry.variant);
    const refused = checkToken(podcast, request.token);
    if (refused) return errorResponse(refused, 401, 'no-store', podcast.podcastId, variantKey, cacheHit);

    if (entry.kind === 'moved') {
      const location = `${this.config.PUBLIC_URL}${feedPath(
        { id: podcast.podcastId, ownerUsername: podcast.username, slug: podcast.slug },
        entry.variant,
        request.token,
      )}`;
      return {
        status: 301,
        headers: {
          Location: location,
          'Cache-Control': podcast.private ? PRIVATE_FEED_CACHE_CONTROL : FEED_CACHE_CONTROL,
          'Content-Length': '0',
        },
        body: EMPTY,
        podcastId: podcast.podcastId,
        variant: variantKey,
        cacheHit,
      };
    }

    const { feed } = entry;
    const encoding = this.negotiate(request.acceptEncoding);
    const base = { podcastId: podcast.podcastId, variant: variantKey, cacheHit };
    const notModified =
      (request.ifNoneMatch !== undefined && feed.isCurrentTag(request.ifNoneMatch)) ||
      isNotModified(request, feed.variant.etag, feed.variant.generatedAt);
    if (notModified)
      return { status: 304, headers: feed.responseHeaders(encoding).notModified, body: EMPTY, ...base };
    if (request.method === 'HEAD')
      return { status: 200, headers: feed.responseHeaders(encoding).ok, body: EMPTY, ...base };
    return { loadBody: { feed, encoding, response: { status: 200, headers: {}, body: EMPTY, ...base } } };
  }

  private negotiate(acceptEncoding: string | undefined): FeedEncoding {
    if (!acceptEncoding) return 'identity';
    let encoding = this.negotiated.get(acceptEncoding);
    if (encoding === undefined) {
      encoding = negotiateEncoding(acceptEncoding);
      if (this.negotiated.size >= MAX_REMEMBERED_ACCEPT_ENCODINGS) this.negotiated.clear();
      this.negotiated.set(acceptEncoding, encoding);
    }
    return encoding;
  }

  /** One database read per address at a time, however many requests wait for it. */
  private resolveOnce(address: string, request: FeedRequest, stale: CachedAddress | null) {
    let pending = this.revalidating.get(address);
    if (!pending) {
      pending = this.resolve(address, request, stale).finally(() => this.revalidating.delete(address));
      this.revalidating.set(address, pending);
    }
    return pending;
  }

  private async resolve(
    address: string,
    request: FeedRequest,
    stale: CachedAddress | null,
  ): Promise<CachedAddress | null> {
    const version = this.cache.version();
    if (stale?.kind === 'feed') {
      const { podcast, variant } = stale.feed;
      const check = await this.feeds.findServingCheck(podcast.podcastId, variant.variantKey);
      const unchanged =
        check !== null &&
        check.etag === variant.etag &&
        check.username === podcast.username &&
        check.slug === podcast.slug &&
        (check.visibility === 'private') === podcast.private &&
        check.privateToken === podcast.token;
      if (unchanged) {
        this.cache.renew(address, stale, version);
        return stale;
      }
    }
    for (const reading of parseFeedFileName(request.fileName)) {
      const match = await this.feeds.matchAddress(request.username, reading.slugOrId);
      if (!match) continue;
      const podcast = servedPodcast(match.podcast);
      if (!podcast) continue;
      if (match.kind === 'moved') {
        const entry: CachedAddress = { kind: 'moved', podcast, variant: reading.variant };
        this.cache.store(address, entry, version);
        return entry;
      }
      const entry = await this.feedEntry(podcast, reading.variant);
      if (!entry) continue;
      this.cache.store(address, entry, version);
      return entry;
    }
    this.cache.storeMissing(address, version);
    return null;
  }

  private async feedEntry(podcast: ServedPodcast, variant: FeedVariant): Promise<CachedAddress | null> {
    const record = await this.feeds.findVariant(podcast.podcastId, feedVariantKey(variant));
    if (!record) return null;
    const feed = this.cache.newFeed(podcast, record, (coding) =>
      this.files.read(podcast.podcastId, record.variantKey, coding),
    );
    return { kind: 'feed', feed };
  }
}

function servedPodcast(record: FeedPodcastRecord): ServedPodcast | null {
  if (record.slug === null || record.visibility === null) return null;
  return {
    podcastId: record.podcastId,
    username: record.username,
    slug: record.slug,
    private: record.visibility === 'private',
    token: record.privateToken,
  };
}

/** A private podcast answers only to its current token (compared in constant time). */
function checkToken(podcast: ServedPodcast, token: string | undefined): ErrorCode | null {
  if (!podcast.private) return null;
  if (!token) return 'FEED_TOKEN_REQUIRED';
  const given = Buffer.from(token, 'utf8');
  const current = Buffer.from(podcast.token ?? '', 'utf8');
  return current.length > 0 && given.length === current.length && timingSafeEqual(given, current)
    ? null
    : 'FEED_TOKEN_INVALID';
}

function errorResponse(
  code: ErrorCode,
  status: 401 | 404,
  cacheControl: string,
  podcastId: string | null,
  variant: string | null,
  cacheHit: boolean,
): FeedResponse {
  const body = Buffer.from(JSON.stringify(new DomainError(code).toJSON()), 'utf8');
  return {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': cacheControl,
      'Content-Length': String(body.length),
    },
    body,
    podcastId,
    variant,
    cacheHit,
  };
}

/** An address remembered as unknown: the same 404 every time, made once. */
const NOT_FOUND_FROM_MEMORY: FeedResponse = errorResponse(
  'FEED_NOT_FOUND',
  404,
  'no-cache',
  null,
  null,
  true,
);
