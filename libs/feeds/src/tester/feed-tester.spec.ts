import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { feedTestResultSchema, type FeedTestResult } from '@castbase/contracts';
import { RemoteFetcher } from '@castbase/platform-remote-fetch';
import { startServer, TEST_SERVER_ADDRESS, type LocalServer } from '@castbase/platform-remote-fetch/testing';
import { FeedTester } from './feed-tester.js';

const PODCAST_ID = '2a4c6e80-1b3d-4f5a-8c7e-9d0f1a2b3c4d';
const NOW = new Date('2026-03-04T05:06:07.000Z');
const servers: LocalServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

interface Served {
  url: string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
}

/** A real HTTP server answering every request with `status` and `body`. */
async function serve(status: number, body: string, host = TEST_SERVER_ADDRESS): Promise<Served> {
  const requests: Served['requests'] = [];
  const server = await startServer(
    (request, response) => {
      requests.push({ url: request.url ?? '', headers: request.headers });
      response.writeHead(status, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(body);
    },
    { host },
  );
  servers.push(server);
  return { url: `http://${host}:${server.port}/feeds/ada/signal.xml`, requests };
}

/** The fetcher production uses, letting through only the tests' server address. */
const tester = (
  options: ConstructorParameters<typeof RemoteFetcher>[0] = { allowAddresses: [TEST_SERVER_ADDRESS] },
) => new FeedTester(new RemoteFetcher(options), () => NOW);

const item = (n: number) =>
  `<item><title>Episode ${n}</title><guid isPermaLink="false">ep-${n}</guid><enclosure url="https://cdn.example/${n}.mp3" length="1000" type="audio/mpeg"/></item>`;

function feed({
  namespaces = `xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"`,
  channel = `<title>Signal &amp; Noise</title><link>https://signal.example</link><description><![CDATA[<p>Talks.</p>]]></description>
    <itunes:author>Ada</itunes:author><itunes:image href="https://signal.example/art.jpg"/>
    <itunes:category text="Technology"/><itunes:explicit>false</itunes:explicit>
    <podcast:guid>ead4c236-bf58-58c6-a2c6-a6b28d128cb6</podcast:guid>`,
  items = 3,
} = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" ${namespaces}><channel>${channel}${Array.from({ length: items }, (_, n) => item(n + 1)).join('')}</channel></rss>`;
}

function expectStored(result: FeedTestResult): void {
  expect(feedTestResultSchema.parse(result)).toEqual(result);
}

describe('FeedTester: a live feed, fetched as a podcast app reads it', () => {
  it('scores a complete Podcasting 2.0 feed 100, with its size, status, items and time', async () => {
    const body = feed();
    const served = await serve(200, body);
    const result = await tester().test(PODCAST_ID, served.url);
    expectStored(result);
    expect(result).toMatchObject({
      podcastId: PODCAST_ID,
      isValid: true,
      isAccessible: true,
      isPodcasting20: true,
      episodeCount: 3,
      xmlSize: Buffer.byteLength(body),
      errors: [],
      warnings: [],
      suggestions: [],
      score: 100,
      lastTested: NOW.toISOString(),
      httpStatus: 200,
      compatibility: {
        applePodcasts: true,
        spotify: true,
        googlePodcasts: true,
        podcastIndex: true,
        overcast: true,
        pocketCasts: true,
      },
    });
    expect(result.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('asks with a cache-busting _t parameter and no-cache headers (spec 2 §7), keeping the private token', async () => {
    const served = await serve(200, feed());
    await tester().test(PODCAST_ID, `${served.url}?token=s3cret`);
    const [request] = served.requests;
    const query = new URL(request?.url ?? '', 'http://x').searchParams;
    expect(query.get('token')).toBe('s3cret');
    expect(query.get('_t')).toBe(String(NOW.getTime()));
    expect(request?.headers).toMatchObject({ 'cache-control': 'no-cache', pragma: 'no-cache' });
  });

  it('stores "HTTP 500: Internal Server Error" as the only error of a 0 score when the feed answers 500 (spec 2 §8)', async () => {
    const served = await serve(500, 'boom');
    const result = await tester().test(PODCAST_ID, served.url);
    expectStored(result);
    expect(result).toMatchObject({
      errors: ['HTTP 500: Internal Server Error'],
      warnings: [],
      suggestions: [],
      score: 0,
      isValid: false,
      isAccessible: false,
      httpStatus: 500,
      xmlSize: 0,
    });
    expect(Object.values(result.compatibility)).toEqual([false, false, false, false, false, false]);
  });

  it('reports a document that is not XML as "XML parsing error: …" with where the parser stopped', async () => {
    const served = await serve(200, '<rss version="2.0"><channel><title>Broken</channel></rss>');
    const result = await tester().test(PODCAST_ID, served.url);
    expectStored(result);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatch(
      /^XML parsing error: Expected closing tag 'title'.*\(line 1, column \d+\)$/,
    );
    expect(result).toMatchObject({ score: 0, isValid: false, isAccessible: true, httpStatus: 200 });
    expect(Object.values(result.compatibility).some(Boolean)).toBe(false);
  });

  it('finds every missing required tag of a bare RSS feed, each an error, and scores what is left', async () => {
    const served = await serve(
      200,
      feed({ namespaces: '', channel: '<title>Only a title</title>', items: 0 }),
    );
    const result = await tester().test(PODCAST_ID, served.url);
    expect(result.errors).toEqual([
      'Missing channel description',
      'Missing channel link',
      'No episodes found',
      'Missing iTunes namespace declaration',
      'Missing iTunes author',
      'Missing iTunes image',
    ]);
    expect(result.warnings).toEqual(['Missing iTunes category', 'Missing iTunes explicit rating']);
    expect(result.suggestions).toHaveLength(2);
    expect(result).toMatchObject({ score: 0, isValid: false, isAccessible: true, isPodcasting20: false });
  });

  it('scores a feed with iTunes tags but neither category nor explicit 80, valid but not for Apple', async () => {
    const served = await serve(
      200,
      feed({
        channel: `<title>T</title><link>https://t.example</link><description>D</description>
          <itunes:author>A</itunes:author><itunes:image href="https://t.example/a.jpg"/>`,
      }),
    );
    const result = await tester().test(PODCAST_ID, served.url);
    expect(result.warnings).toEqual(['Missing iTunes category', 'Missing iTunes explicit rating']);
    expect(result.suggestions).toEqual([
      'Add podcast:guid to give the podcast an identity that survives a move to another host',
    ]);
    expect(result).toMatchObject({ score: 80, isValid: true });
    expect(result.compatibility).toMatchObject({ applePodcasts: false, spotify: true, podcastIndex: true });
  });

  it('finds the iTunes tags under whatever prefix the feed declares, and not under an undeclared one', async () => {
    const renamed = feed({
      namespaces: 'xmlns:apple="http://www.itunes.com/dtds/podcast-1.0.dtd"',
      channel: `<title>T</title><link>https://t.example</link><description>D</description>
        <apple:author>A</apple:author><apple:image href="https://t.example/a.jpg"/>
        <apple:category text="Arts"/><apple:explicit>true</apple:explicit>`,
    });
    const result = await tester().test(PODCAST_ID, (await serve(200, renamed)).url);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);

    const undeclared = renamed.replace('xmlns:apple="http://www.itunes.com/dtds/podcast-1.0.dtd"', '');
    const withoutNamespace = await tester().test(PODCAST_ID, (await serve(200, undeclared)).url);
    expect(withoutNamespace.errors).toEqual([
      'Missing iTunes namespace declaration',
      'Missing iTunes author',
      'Missing iTunes image',
    ]);
  });

  it('warns about a feed of more than 300 items with the exact text', async () => {
    const result = await tester().test(PODCAST_ID, (await serve(200, feed({ items: 301 }))).url);
    expect(result.warnings).toEqual([
      'Feed contains 301 episodes. Consider using archive feeds for better compatibility.',
    ]);
    expect(result).toMatchObject({ episodeCount: 301, score: 90, isValid: true });
  });

  it('does not expand entities: a billion-laughs document is scored at once, without its entities', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
<rss version="2.0"><channel><title>&d;</title></channel></rss>`;
    const result = await tester().test(PODCAST_ID, (await serve(200, laughs)).url);
    expect(result.isAccessible).toBe(true);
    expect(result.xmlSize).toBe(Buffer.byteLength(laughs));
    expect(result.errors).toContain('Missing channel description');
  });

  it('refuses a loopback address without FEED_FETCH_ALLOW_PRIVATE: a failed result, the server never asked', async () => {
    const served = await serve(200, feed(), '127.0.0.1');
    const result = await tester({}).test(PODCAST_ID, served.url);
    expectStored(result);
    expect(result).toMatchObject({
      errors: ['Only public http or https addresses can be fetched'],
      score: 0,
      isAccessible: false,
      httpStatus: null,
    });
    expect(served.requests).toEqual([]);
  });

  it('reaches the same loopback feed with private addresses allowed (a local install testing its own feed)', async () => {
    const served = await serve(200, feed(), '127.0.0.1');
    const result = await tester({ allowPrivateAddresses: true }).test(PODCAST_ID, served.url);
    expect(result).toMatchObject({ score: 100, isValid: true, httpStatus: 200 });
    expect(served.requests).toHaveLength(1);
  });

  it("reports a server that cannot be reached with the fetcher's message", async () => {
    const served = await serve(200, feed());
    await servers.pop()?.close();
    const result = await tester().test(PODCAST_ID, served.url);
    expect(result).toMatchObject({
      errors: ['The remote server could not be reached'],
      score: 0,
      isAccessible: false,
      httpStatus: null,
    });
  });
});
