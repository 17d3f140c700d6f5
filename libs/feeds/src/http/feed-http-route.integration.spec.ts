import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import {
  expandFeedRequests,
  feedPath,
  feedsEvents,
  type FeedRequest,
  type Podcast,
} from '@castbase/contracts';
import type { MessageBus } from '@castbase/platform-messaging';
import { FastHttpRoutes } from '@castbase/platform-runtime';
import { waitFor } from '@castbase/platform-testing';
import { startFeedsTestApp, type FeedsTestApp } from '../testing/feeds-test-app.js';
import { FeedHttpRoute } from './feed-http-route.js';
import { FeedRequestLog } from './feed-request-log.js';
import { ServeFeed } from './serve-feed.usecase.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Raw HTTP on a connection of its own, so compressed bodies arrive as sent. */
function send(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * A Node server as `runProcess` builds it: the fast routes first, then an Express application (here one that
 * answers 418 to everything, so a test sees which of the two answered).
 */
async function serverWith(
  route: FeedHttpRoute,
): Promise<{ server: Server; baseUrl: string; routes: FastHttpRoutes }> {
  const fallback = express();
  fallback.set('trust proxy', 'loopback');
  fallback.use((_request, response) => {
    response.status(418).json({ answeredBy: 'express' });
  });
  const routes = new FastHttpRoutes();
  routes.register(route);
  const server = createServer(fallback);
  routes.attach(server, fallback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, routes };
}

describe('GET|HEAD /feeds/… answered on the Node server before Express, with feed-request events', () => {
  let app: FeedsTestApp;
  let server: Server;
  let baseUrl: string;
  const requested: FeedRequest[] = [];

  /** A public podcast with three published episodes, its feeds generated. */
  async function publicPodcast(overrides: Partial<Podcast> = {}): Promise<Podcast> {
    const podcast = app.catalogPodcast(
      app.newOwner(),
      `user-${Math.random().toString(36).slice(2, 8)}`,
      overrides,
    );
    app.update(podcast.id, { episodes: app.publishedEpisodes(podcast, 3) });
    await app.podcastCreated(podcast);
    await waitFor(
      'the feed to be served',
      async () =>
        (
          await app.fetchFeed(
            podcast,
            overrides.privateAccessToken ? { token: overrides.privateAccessToken } : {},
          )
        ).status === 200,
    );
    return podcast;
  }

  const eventsOf = (podcastId: string) => requested.filter((event) => event.podcastId === podcastId);

  beforeAll(async () => {
    app = await startFeedsTestApp();
    ({ server, baseUrl } = await serverWith(app.feeds.get(FeedHttpRoute)));
    await app.bus.consume('feed-request-test', [feedsEvents.feedsRequested], async (envelope) => {
      requested.push(...expandFeedRequests(envelope.payload));
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await app?.stop();
  });

  it('serves the gzip copy with the feed headers, and its request becomes a feeds.feed.requested event', async () => {
    const podcast = await publicPodcast();
    const stored = await app.fetchFeed(podcast);

    const response = await send(baseUrl, feedPath(podcast), {
      'Accept-Encoding': 'gzip',
      'User-Agent': 'Overcast/3.0 (+http://overcast.fm/)',
    });

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['etag']).toBe(`${String(stored.headers['ETag']).slice(0, -1)}-gzip"`);
    expect(response.headers['last-modified']).toBe(stored.headers['Last-Modified']);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['vary']).toBe('Accept-Encoding');
    expect(response.headers['content-length']).toBe(String(response.body.length));
    expect(gunzipSync(response.body).equals(stored.body)).toBe(true);
    const [event] = await waitFor('the request event', () => {
      const events = eventsOf(podcast.id);
      return events.length > 0 ? events : undefined;
    });
    expect(event).toEqual({
      podcastId: podcast.id,
      variant: 'main',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 200,
      bytes: response.body.length,
      encoding: 'gzip',
      cacheHit: expect.any(Boolean),
      userAgent: 'Overcast/3.0 (+http://overcast.fm/)',
      ip: '127.0.0.1',
    });
  });

  it('answers If-None-Match with 304 and HEAD with headers only; each is an event of 0 bytes, from memory', async () => {
    const podcast = await publicPodcast();
    const first = await send(baseUrl, feedPath(podcast), { 'Accept-Encoding': 'br' });

    const notModified = await send(baseUrl, feedPath(podcast), {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers['etag']),
    });
    const head = await send(baseUrl, feedPath(podcast, { kind: 'recent' }), {}, 'HEAD');

    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['etag']).toBe(first.headers['etag']);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    const events = await waitFor('three request events', () => {
      const events = eventsOf(podcast.id);
      return events.length === 3 ? events : undefined;
    });
    expect(
      events.map(({ status, variant, bytes, encoding }) => ({ status, variant, bytes, encoding })),
    ).toEqual([
      { status: 200, variant: 'main', bytes: first.body.length, encoding: 'br' },
      { status: 304, variant: 'main', bytes: 0, encoding: 'br' },
      { status: 200, variant: 'recent', bytes: 0, encoding: 'identity' },
    ]);
    expect(events[1]?.cacheHit).toBe(true);
  });

  it("answers a private podcast's feed without its token 401, with an event; an unknown address 404, without one", async () => {
    const podcast = await publicPodcast({
      visibility: 'private',
      privateAccessToken: 'route-token-0123456789',
    });

    const refused = await send(baseUrl, feedPath(podcast));
    const allowed = await send(baseUrl, feedPath(podcast, { kind: 'main' }, 'route-token-0123456789'));
    const unknown = await send(baseUrl, `/feeds/nobody/no-such-show.xml`);

    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ code: 'FEED_TOKEN_REQUIRED' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['cache-control']).toBe('private, max-age=300');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString('utf8'))).toEqual({
      code: 'FEED_NOT_FOUND',
      message: 'Feed not found',
    });
    const events = await waitFor('two request events', () => {
      const events = eventsOf(podcast.id);
      return events.length === 2 ? events : undefined;
    });
    expect(events.map((event) => event.status)).toEqual([401, 200]);
    expect(requested.some((event) => event.status === 404)).toBe(false);
  });

  it('leaves other methods and path shapes to Express', async () => {
    const podcast = await publicPodcast();

    expect((await send(baseUrl, feedPath(podcast), {}, 'POST')).status).toBe(418);
    expect((await send(baseUrl, `/feeds/a/b/c.xml`)).status).toBe(418);
    expect((await send(baseUrl, `/feeds/%E0%A4%A/show.xml`)).status).toBe(418);
    expect((await send(baseUrl, `/api/podcasts`)).status).toBe(418);
  });

  it('keeps answering while the bus does not take a batch: requests beyond the queue are dropped and counted', async () => {
    const podcast = await publicPodcast();
    const stalledBus = { publish: () => new Promise<void>(() => undefined) } as unknown as MessageBus;
    const log = new FeedRequestLog(stalledBus, undefined, {
      batchSize: 50,
      maxQueued: 100,
      flushIntervalMs: 60_000,
    });
    const stalled = await serverWith(new FeedHttpRoute(app.feeds.get(ServeFeed), log));
    try {
      // In rounds of 25, so the first batch leaves before the queue fills however busy the machine is.
      const responses: Array<Awaited<ReturnType<typeof send>>> = [];
      for (let round = 0; round < 12; round += 1)
        responses.push(
          ...(await Promise.all(
            Array.from({ length: 25 }, () =>
              send(stalled.baseUrl, feedPath(podcast), { 'Accept-Encoding': 'gzip' }),
            ),
          )),
        );

      expect(responses.map((response) => response.status)).toEqual(Array(300).fill(200));
      // The first batch went to the bus (which never answered), the queue is full, the rest were dropped.
      expect(log.published).toBe(0);
      expect(log.waiting).toBe(100);
      expect(log.dropped).toBeGreaterThan(0);
      expect(log.dropped).toBeLessThan(200);
    } finally {
      await new Promise((resolve) => stalled.server.close(resolve));
    }
  });
});
