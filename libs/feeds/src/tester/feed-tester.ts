import { STATUS_CODES } from 'node:http';
import {
  DomainError,
  evaluateFeed,
  failedFeedTest,
  FEED_SIZE_ERROR_BYTES,
  feedTestMessages,
  type FeedTestResult,
} from '@castbase/contracts';
import type { RemoteFetcher } from '@castbase/platform-remote-fetch';
import { FeedXmlSyntaxError, feedXmlFindings } from './feed-xml-findings.js';

/** Above the 10 MB feed limit, so an oversized feed is still fetched, measured and scored. */
export const FEED_TEST_MAX_BYTES = 2 * FEED_SIZE_ERROR_BYTES;
/** The whole fetch, redirects and body included. */
export const FEED_TEST_TIMEOUT_MS = 10_000;

const NO_CACHE_HEADERS = { 'cache-control': 'no-cache', pragma: 'no-cache' };

/**
 * Tests a feed as a podcast app reads it (spec 2 §5, §7 "Feed test"): GET with a cache-busting `_t` parameter and
 * no-cache headers through the RemoteFetcher (which refuses private, loopback and link-local addresses unless
 * configured otherwise, and caps time and size), then scores what it finds. A feed that cannot be fetched or parsed
 * is a failed result (spec 2 §8), never an exception.
 */
export class FeedTester {
  constructor(
    private readonly fetcher: RemoteFetcher,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async test(podcastId: string, feedUrl: string): Promise<FeedTestResult> {
    const started = performance.now();
    const lastTested = this.now().toISOString();
    const elapsed = () => Math.round(performance.now() - started);
    let fetched;
    try {
      fetched = await this.fetcher.fetch(cacheBusted(feedUrl, this.now()), {
        accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1',
        maxBytes: FEED_TEST_MAX_BYTES,
        headers: NO_CACHE_HEADERS,
      });
    } catch (error) {
      const { message, httpStatus } = fetchFailure(error);
      return failedFeedTest(message, {
        podcastId,
        lastTested,
        responseTime: elapsed(),
        httpStatus,
        xmlSize: 0,
        isAccessible: false,
      });
    }
    const responseTime = elapsed();
    const measured = {
      podcastId,
      lastTested,
      responseTime,
      httpStatus: fetched.status,
      xmlSize: fetched.body.length,
      isAccessible: true,
    };
    let findings;
    try {
      findings = feedXmlFindings(fetched.body.toString('utf8'));
    } catch (error) {
      if (!(error instanceof FeedXmlSyntaxError)) throw error;
      return failedFeedTest(feedTestMessages.xmlParsingError(error.detail), measured);
    }
    return { ...measured, ...evaluateFeed(findings), episodeCount: findings.episodeCount };
  }
}

function cacheBusted(feedUrl: string, now: Date): string {
  let url: URL;
  try {
    url = new URL(feedUrl);
  } catch {
    throw new DomainError('REMOTE_URL_NOT_ALLOWED');
  }
  url.searchParams.set('_t', String(now.getTime()));
  return url.toString();
}

/** 'HTTP {status}: {text}' for an error status (spec 2 §8), else the fetcher's own message. */
function fetchFailure(error: unknown): { message: string; httpStatus: number | null } {
  if (!(error instanceof DomainError)) throw error;
  if (error.code === 'REMOTE_HTTP_ERROR') {
    const { status, statusText } = (error.details ?? {}) as { status?: number; statusText?: string };
    if (typeof status === 'number') {
      const text = statusText?.trim() || STATUS_CODES[status] || 'Unknown status';
      return { message: feedTestMessages.httpError(status, text), httpStatus: status };
    }
  }
  return { message: error.message, httpStatus: null };
}
