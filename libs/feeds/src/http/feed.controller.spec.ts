import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FeedDocumentRepository } from '../feed-documents/feed-document.repository.js';
import { aFeedDocument, PODCAST_ID } from '../testing/feed-fixtures.js';
import { InMemoryFeedDocumentRepository } from '../testing/in-memory-feed-document.repository.js';
import { FeedController } from './feed.controller.js';
import { FEED_RESPONSE_CACHE_OPTIONS, FeedResponseCache } from './feed-response-cache.js';
import { ServeFeed } from './serve-feed.usecase.js';

const TTL_MS = 15_000;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe('GET /feeds/:username/:file', () => {
  let app: INestApplication;
  let baseUrl: string;
  let repository: InMemoryFeedDocumentRepository;
  let cache: FeedResponseCache;
  let now: number;

  /** Raw HTTP, so compressed bodies arrive as sent. */
  function send(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${baseUrl}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
  }

  beforeAll(async () => {
    repository = new InMemoryFeedDocumentRepository();
    const moduleRef = await Test.createTestingModule({
      controllers: [FeedController],
      providers: [
        ServeFeed,
        FeedResponseCache,
        { provide: FeedDocumentRepository, useValue: repository },
        { provide: FEED_RESPONSE_CACHE_OPTIONS, useValue: { ttlMs: TTL_MS, now: () => now } },
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
    cache = app.get(FeedResponseCache);
  });

  afterAll(async () => {
    await app.close();
  });

  beforeEach(() => {
    now = Date.parse('2025-05-01T00:00:00.000Z');
    repository.documents.clear();
    cache.invalidatePodcast(PODCAST_ID);
    repository.reads.byAddress = 0;
    repository.reads.etag = 0;
  });

  describe('a stored feed', () => {
    it('is served as RSS with a strong ETag, Last-Modified and five minutes of public caching', async () => {
      const document = aFeedDocument();
      repository.put(document);

      const response = await send('/feeds/ada/signal-and-noise.xml');

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      expect(response.headers['etag']).toBe(document.etag);
      expect(response.headers['etag']).toMatch(/^"[^"]+"$/);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers['last-modified']).toBe('Thu, 03 Apr 2025 02:01:00 GMT');
      expect(response.headers['vary']).toBe('Accept-Encoding');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-length']).toBe(String(document.byteSize));
      expect(response.body.toString('utf8')).toBe(document.xml);
    });

    it('is also found by the podcast id in place of the slug', async () => {
      const document = aFeedDocument();
      repository.put(document);

      const response = await send(`/feeds/ada/${PODCAST_ID}.xml`);

      expect(response.status).toBe(200);
      expect(response.body.toString('utf8')).toBe(document.xml);
    });

    it('of an owner without a username is found under "podcast" by its id only, as feedPath writes it', async () => {
      repository.put(aFeedDocument({ username: null }));

      expect((await send(`/feeds/podcast/${PODCAST_ID}.xml`)).status).toBe(200);
      expect((await send('/feeds/podcast/signal-and-noise.xml')).status).toBe(404);
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const document = aFeedDocument();
      repository.put(document);

      const response = await send('/feeds/ada/signal-and-noise.xml', {}, 'HEAD');

      expect(response.status).toBe(200);
      expect(response.headers['etag']).toBe(document.etag);
      expect(response.headers['content-length']).toBe(String(document.byteSize));
      expect(response.body.length).toBe(0);
    });
  });

  describe('conditional requests', () => {
    it('answer 304 with no body when If-None-Match holds the current ETag', async () => {
      const document = aFeedDocument();
      repository.put(document);

      const response = await send('/feeds/ada/signal-and-noise.xml', { 'If-None-Match': document.etag });

      expect(response.status).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers['etag']).toBe(document.etag);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers['last-modified']).toBe('Thu, 03 Apr 2025 02:01:00 GMT');
    });

    it('answer 304 when the current ETag is one of several, or sent weak', async () => {
      const document = aFeedDocument();
      repository.put(document);

      expect(
        (await send('/feeds/ada/signal-and-noise.xml', { 'If-None-Match': `"old", ${document.etag}` }))
          .status,
      ).toBe(304);
      expect(
        (await send('/feeds/ada/signal-and-noise.xml', { 'If-None-Match': `W/${document.etag}` })).status,
      ).toBe(304);
      expect((await send('/feeds/ada/signal-and-noise.xml', { 'If-None-Match': '*' })).status).toBe(304);
    });

    it('answer 200 with the feed when If-None-Match holds an older ETag', async () => {
      repository.put(aFeedDocument());

      const response = await send('/feeds/ada/signal-and-noise.xml', {
        'If-None-Match': '"an-older-version"',
      });

      expect(response.status).toBe(200);
      expect(response.body.length).toBeGreaterThan(0);
    });

    it('answer 304 when If-Modified-Since is at or after the generation time, 200 when before', async () => {
      repository.put(aFeedDocument());

      expect(
        (
          await send('/feeds/ada/signal-and-noise.xml', {
            'If-Modified-Since': 'Thu, 03 Apr 2025 02:01:00 GMT',
          })
        ).status,
      ).toBe(304);
      expect(
        (
          await send('/feeds/ada/signal-and-noise.xml', {
            'If-Modified-Since': 'Fri, 04 Apr 2025 00:00:00 GMT',
          })
        ).status,
      ).toBe(304);
      expect(
        (
          await send('/feeds/ada/signal-and-noise.xml', {
            'If-Modified-Since': 'Thu, 03 Apr 2025 02:00:59 GMT',
          })
        ).status,
      ).toBe(200);
      expect(
        (await send('/feeds/ada/signal-and-noise.xml', { 'If-Modified-Since': 'not a date' })).status,
      ).toBe(200);
    });

    it('ignore If-Modified-Since when If-None-Match is present', async () => {
      repository.put(aFeedDocument());

      const response = await send('/feeds/ada/signal-and-noise.xml', {
        'If-None-Match': '"an-older-version"',
        'If-Modified-Since': 'Fri, 04 Apr 2025 00:00:00 GMT',
      });

      expect(response.status).toBe(200);
    });
  });

  describe('compression', () => {
    it('sends gzip to a client that accepts only gzip, with its own ETag', async () => {
      const document = aFeedDocument();
      repository.put(document);

      const response = await send('/feeds/ada/signal-and-noise.xml', { 'Accept-Encoding': 'gzip' });

      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['etag']).toBe(`${document.etag.slice(0, -1)}-gzip"`);
      expect(response.headers['content-length']).toBe(String(response.body.length));
      expect(response.body.length).toBeLessThan(document.byteSize);
      expect(gunzipSync(response.body).toString('utf8')).toBe(document.xml);
    });

    it('prefers brotli when the client accepts both', async () => {
      const document = aFeedDocument();
      repository.put(document);

      const response = await send('/feeds/ada/signal-and-noise.xml', {
        'Accept-Encoding': 'gzip, deflate, br',
      });

      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.body).toString('utf8')).toBe(document.xml);
    });

    it("follows the client's q-values, and sends plain XML when the codings are refused", async () => {
      repository.put(aFeedDocument());

      const gzipPreferred = await send('/feeds/ada/signal-and-noise.xml', {
        'Accept-Encoding': 'br;q=0.5, gzip;q=1',
      });
      const refused = await send('/feeds/ada/signal-and-noise.xml', {
        'Accept-Encoding': 'br;q=0, gzip;q=0',
      });

      expect(gzipPreferred.headers['content-encoding']).toBe('gzip');
      expect(refused.headers['content-encoding']).toBeUndefined();
    });

    it('answers 304 to a client revalidating the ETag of a compressed copy', async () => {
      const document = aFeedDocument();
      repository.put(document);
      const first = await send('/feeds/ada/signal-and-noise.xml', { 'Accept-Encoding': 'br' });

      const response = await send('/feeds/ada/signal-and-noise.xml', {
        'Accept-Encoding': 'br',
        'If-None-Match': String(first.headers['etag']),
      });

      expect(response.status).toBe(304);
      expect(response.headers['etag']).toBe(first.headers['etag']);
    });
  });

  describe('unknown feeds', () => {
    it.each([
      ['an unknown slug', '/feeds/ada/no-such-show.xml'],
      ["another user's name", '/feeds/grace/signal-and-noise.xml'],
      ['a file that is not .xml', '/feeds/ada/signal-and-noise.json'],
    ])('answer 404 FEED_NOT_FOUND as JSON for %s', async (_case, path) => {
      repository.put(aFeedDocument());

      const response = await send(path);

      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(response.body.toString('utf8'))).toEqual({
        code: 'FEED_NOT_FOUND',
        message: 'Feed not found',
      });
    });

    it("include a private podcast's feed, which this public URL never reveals", async () => {
      repository.put(aFeedDocument({ visibility: 'private' }));

      const response = await send('/feeds/ada/signal-and-noise.xml');

      expect(response.status).toBe(404);
      expect(response.body.toString('utf8')).not.toContain('rss');
    });
  });

  describe('the in-memory cache', () => {
    it('serves repeated requests without reading the repository again', async () => {
      repository.put(aFeedDocument());

      for (let i = 0; i < 5; i++) expect((await send('/feeds/ada/signal-and-noise.xml')).status).toBe(200);

      expect(repository.reads.byAddress).toBe(1);
      expect(repository.reads.etag).toBe(0);
    });

    it('serves the new version at once after this process regenerates the feed', async () => {
      repository.put(aFeedDocument());
      await send('/feeds/ada/signal-and-noise.xml');
      const updated = aFeedDocument({
        xml: '<rss version="2.0"><channel><title>New</title></channel></rss>',
        generatedAt: new Date('2025-04-05T00:00:00Z'),
      });

      repository.put(updated);
      cache.invalidatePodcast(PODCAST_ID);
      const response = await send('/feeds/ada/signal-and-noise.xml');

      expect(response.headers['etag']).toBe(updated.etag);
      expect(response.body.toString('utf8')).toBe(updated.xml);
    });

    it('after its TTL only checks the ETag, and keeps the entry when it is unchanged', async () => {
      repository.put(aFeedDocument());
      await send('/feeds/ada/signal-and-noise.xml');

      now += TTL_MS + 1;
      await send('/feeds/ada/signal-and-noise.xml');
      await send('/feeds/ada/signal-and-noise.xml');

      expect(repository.reads.etag).toBe(1);
      expect(repository.reads.byAddress).toBe(1);
    });

    it('after its TTL picks up a version another replica stored', async () => {
      repository.put(aFeedDocument());
      await send('/feeds/ada/signal-and-noise.xml');
      const updated = aFeedDocument({
        xml: '<rss version="2.0"><channel><title>From another replica</title></channel></rss>',
      });
      repository.put(updated);

      expect((await send('/feeds/ada/signal-and-noise.xml')).headers['etag']).not.toBe(updated.etag);
      now += TTL_MS + 1;
      const response = await send('/feeds/ada/signal-and-noise.xml');

      expect(response.headers['etag']).toBe(updated.etag);
      expect(response.body.toString('utf8')).toBe(updated.xml);
    });

    it('remembers an unknown address until its TTL runs out', async () => {
      await send('/feeds/ada/signal-and-noise.xml');
      await send('/feeds/ada/signal-and-noise.xml');
      expect(repository.reads.byAddress).toBe(1);

      now += TTL_MS + 1;
      await send('/feeds/ada/signal-and-noise.xml');
      expect(repository.reads.byAddress).toBe(2);
    });

    it('forgets unknown addresses when this process generates a feed', async () => {
      expect((await send('/feeds/ada/signal-and-noise.xml')).status).toBe(404);

      repository.put(aFeedDocument());
      cache.invalidatePodcast(PODCAST_ID);

      expect((await send('/feeds/ada/signal-and-noise.xml')).status).toBe(200);
    });
  });
});
