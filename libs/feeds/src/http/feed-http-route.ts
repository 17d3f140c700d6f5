import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { answerUnexpectedError, FastHttpRoutes, type FastHttpRoute } from '@castbase/platform-runtime';
import { FeedRequestLog } from './feed-request-log.js';
import { ServeFeed, type FeedRequest, type FeedResponse } from './serve-feed.usecase.js';

/** `/feeds/{username}/{file}` with an optional query; anything else under /feeds is Nest's (its 404). */
const FEED_URL = /^\/feeds\/([^/?]+)\/([^/?]+)(?:\?(.*))?$/;

/**
 * `GET|HEAD /feeds/{username}/{slug-or-id}{suffix}.xml`, answered on the Node HTTP server before Express and Nest
 * (ADR 0014): parse the URL, ask ServeFeed, write its status, headers and bytes, queue the feed-request event. No
 * access-log line, no middleware. In a process without the runtime's fast routes (test modules), FeedController
 * calls the same `handle`.
 */
@Injectable()
export class FeedHttpRoute implements FastHttpRoute, OnModuleInit {
  readonly prefix = '/feeds/';

  constructor(
    private readonly serveFeed: ServeFeed,
    private readonly requestLog: FeedRequestLog,
    @Optional() private readonly fastRoutes?: FastHttpRoutes,
  ) {}

  onModuleInit(): void {
    this.fastRoutes?.register(this);
  }

  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const match = FEED_URL.exec(request.url ?? '');
    if (!match) return false;
    let username: string;
    let fileName: string;
    try {
      username = decodeURIComponent(match[1]!);
      fileName = decodeURIComponent(match[2]!);
    } catch {
      // Malformed percent-encoding: Nest answers it as it answers any other malformed path.
      return false;
    }
    const { headers } = request;
    const feedRequest: FeedRequest = {
      username,
      fileName,
      token: match[3] === undefined ? undefined : tokenOf(match[3]),
      method,
      acceptEncoding: headers['accept-encoding'],
      ifNoneMatch: headers['if-none-match'],
      ifModifiedSince: headers['if-modified-since'],
    };
    // Most requests find everything in memory: answered in this very call, with no promise.
    const fromMemory = this.serveFeed.executeFromMemory(feedRequest);
    if (fromMemory) {
      this.send(request, response, fromMemory);
      return true;
    }
    this.serveFeed.execute(feedRequest).then(
      (feed) => this.send(request, response, feed),
      (error: unknown) => answerUnexpectedError(response, error),
    );
    return true;
  }

  private send(request: IncomingMessage, response: ServerResponse, feed: FeedResponse): void {
    const { headers } = request;
    response.writeHead(feed.status, feed.headers);
    response.end(request.method === 'HEAD' ? undefined : feed.body);
    if (feed.podcastId === null || feed.variant === null) return;
    this.requestLog.record({
      podcastId: feed.podcastId,
      variant: feed.variant,
      atMs: Date.now(),
      status: feed.status,
      bytes: request.method === 'HEAD' ? 0 : feed.body.length,
      contentEncoding: feed.headers['Content-Encoding'],
      acceptEncoding: headers['accept-encoding'],
      cacheHit: feed.cacheHit,
      userAgent: headers['user-agent'],
      remoteAddress: request.socket.remoteAddress,
      forwardedFor: headerValue(headers['x-forwarded-for']),
    });
  }
}

/** The `token` query parameter when it is given once (as Express's query parser reads it), else undefined. */
function tokenOf(query: string): string | undefined {
  const tokens = new URLSearchParams(query).getAll('token');
  return tokens.length === 1 ? tokens[0] : undefined;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
