import { Injectable } from '@nestjs/common';
import { DomainError } from '@castbase/contracts';
import type { FeedAddress } from '../feed-documents/feed-document.js';
import { FeedDocumentRepository } from '../feed-documents/feed-document.repository.js';
import { isNotModified, representationEtag, type ConditionalHeaders } from './conditional-request.js';
import { negotiateEncoding } from './content-encoding.js';
import { FeedResponseCache, type CachedFeed } from './feed-response-cache.js';

export const FEED_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';
/** Podcast apps poll feeds; five minutes of reuse by them and by any CDN in front is the spec's cache time. */
export const FEED_CACHE_CONTROL = 'public, max-age=300';

export interface FeedRequest extends ConditionalHeaders {
  username: string;
  /** The last path segment, `{slug}.xml` or `{podcastId}.xml`. */
  fileName: string;
  acceptEncoding?: string | undefined;
}

export interface FeedResponse {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  body: Buffer;
}

const FEED_FILE = /^(.+)\.xml$/;

/** Answers a public feed request: the stored XML with validators, 304 when the client's copy is current, or 404. */
@Injectable()
export class ServeFeed {
  constructor(
    private readonly documents: FeedDocumentRepository,
    private readonly cache: FeedResponseCache,
  ) {}

  async execute(request: FeedRequest): Promise<FeedResponse> {
    const slugOrPodcastId = FEED_FILE.exec(request.fileName)?.[1];
    const feed = slugOrPodcastId ? await this.find({ username: request.username, slugOrPodcastId }) : null;
    // A private podcast's feed is only reachable with a private-feed token, which this route does not take.
    if (!feed || feed.summary.visibility !== 'public') return notFound();

    const encoding = negotiateEncoding(request.acceptEncoding);
    const { generatedAt } = feed.summary;
    const headers: Record<string, string> = {
      'Cache-Control': FEED_CACHE_CONTROL,
      ETag: representationEtag(feed.summary.etag, encoding),
      'Last-Modified': generatedAt.toUTCString(),
      Vary: 'Accept-Encoding',
    };
    if (isNotModified(request, feed.summary.etag, generatedAt))
      return { status: 304, headers, body: Buffer.alloc(0) };

    const body = await feed.body(encoding);
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    return {
      status: 200,
      headers: { ...headers, 'Content-Type': FEED_CONTENT_TYPE, 'Content-Length': String(body.length) },
      body,
    };
  }

  private async find(address: FeedAddress): Promise<CachedFeed | null> {
    const key = `${address.username}/${address.slugOrPodcastId}`;
    const cached = this.cache.lookup(key);
    if (cached.state === 'fresh') return cached.feed;
    if (cached.state === 'missing') return null;

    const version = this.cache.version();
    if (
      cached.state === 'stale' &&
      (await this.documents.findEtag(cached.feed.summary.podcastId)) === cached.feed.summary.etag
    ) {
      this.cache.renew(key, cached.feed, version);
      return cached.feed;
    }
    const document = await this.documents.findByAddress(address);
    if (!document) {
      this.cache.storeMissing(key, version);
      return null;
    }
    return this.cache.storeFeed(key, document, version);
  }
}

function notFound(): FeedResponse {
  const error = new DomainError('FEED_NOT_FOUND');
  return {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
    body: Buffer.from(JSON.stringify(error.toJSON()), 'utf8'),
  };
}
