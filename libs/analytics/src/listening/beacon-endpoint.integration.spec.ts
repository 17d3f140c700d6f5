import { createHash, randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import {
  BEACON_MAX_SECONDS,
  catalogEvents,
  errorCatalogue,
  playbackBeaconMessages,
  type PlaybackBeacon,
} from '@castbase/contracts';
import { FastHttpRoutes } from '@castbase/platform-runtime';
import { startAnalyticsTestApp, type AnalyticsTestApp } from '../testing/analytics-test-app.js';
import { utcDay } from '../downloads/listener-keys.js';
import { beaconMessages } from './beacon-messages.js';
import { BeaconHttpRoute } from './beacon-http-route.js';
import { ListeningSessions } from './listening-sessions.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/**
 * Raw HTTP on a connection of its own, as a browser's sendBeacon sends it. `chunked` sends the body without a
 * Content-Length, so only its bytes can tell its size.
 */
function send(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; chunked?: boolean } = {},
) {
  return new Promise<RawResponse>((resolve, reject) => {
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    const headers: Record<string, string> = { 'User-Agent': CHROME, ...options.headers };
    if (body && !options.chunked) headers['Content-Length'] = String(body.length);
    const outgoing = httpRequest(
      `${baseUrl}${path}`,
      { method: options.method ?? 'POST', headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (body && options.chunked) {
      // Two writes, so the body goes out chunked.
      outgoing.write(body.subarray(0, 1));
      outgoing.end(body.subarray(1));
    } else outgoing.end(body);
  });
}

describe('POST /e/beacons: listening sessions from the players, cross-origin and without cookies', () => {
  let analytics: AnalyticsTestApp;
  let server: Server;
  let baseUrl: string;

  /** A Node server as `runProcess` builds it: the beacon route first, then Express (418 to anything it gets). */
  async function startServer(): Promise<void> {
    const fallback = express();
    fallback.set('trust proxy', 'loopback');
    fallback.use((_request, response) => {
      response.status(418).json({ answeredBy: 'express' });
    });
    const routes = new FastHttpRoutes();
    new BeaconHttpRoute(analytics.app.get(ListeningSessions), routes).onModuleInit();
    server = createServer(fallback);
    routes.attach(server, fallback);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    analytics = await startAnalyticsTestApp('cbtest_analytics_beacons');
    await startServer();
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await analytics?.close();
  });

  const sessionRow = async (sessionId: string) =>
    (await analytics.rows('select * from analytics.listening_sessions where session_id = ?', [sessionId]))[0];

  function beaconOf(
    episode: { podcastId: string; episodeId: string },
    overrides: Partial<PlaybackBeacon> = {},
  ): PlaybackBeacon {
    return {
      podcastId: episode.podcastId,
      episodeId: episode.episodeId,
      sessionId: randomUUID(),
      event: 'start',
      positionSeconds: 0,
      listenedSeconds: 0,
      durationSeconds: 180,
      player: 'page',
      ...overrides,
    };
  }

  /** What `navigator.sendBeacon(url, string)` sends: the JSON as text/plain. */
  const sendBeacon = (beacon: unknown, headers: Record<string, string> = {}, path = '/e/beacons') =>
    send(baseUrl, path, {
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'https://blog.example.org', ...headers },
      body: JSON.stringify(beacon),
    });

  it('stores a session from its start, progress and end beacons, listening time and position only growing', async () => {
    const episode = await analytics.publishedEpisode();
    const start = beaconOf(episode, { player: 'embed' });

    const started = await sendBeacon(start, { 'X-Forwarded-For': '8.8.8.8' });
    expect(started.status).toBe(204);
    expect(started.body).toBe('');
    const stored = await sessionRow(start.sessionId);
    expect(stored).toEqual({
      session_id: start.sessionId,
      podcast_id: episode.podcastId,
      episode_id: episode.episodeId,
      owner_id: episode.ownerId,
      player: 'embed',
      listener: expect.any(Buffer),
      country: 'US',
      app: 'Web Browser',
      device: 'desktop',
      started_at: expect.any(String),
      last_beacon_at: expect.any(String),
      ended_at: null,
      listened_seconds: 0,
      max_position: 0,
      duration_seconds: 180,
    });
    // The daily key of the address and user agent, never the address.
    const [salt] = await analytics.rows('select salt from analytics.ip_hash_salts where day = ?', [
      utcDay(Date.parse(String(stored?.['started_at']))),
    ]);
    expect(stored?.['listener']).toEqual(
      createHash('sha256')
        .update(`${String(salt?.['salt'])}\n8.8.8.8\n${CHROME}`)
        .digest()
        .subarray(0, 16),
    );

    const progress = { ...start, event: 'progress' as const, positionSeconds: 95, listenedSeconds: 30 };
    expect((await sendBeacon(progress)).status).toBe(204);
    // A late, older progress beacon (sent before the one above, arrived after) takes nothing back.
    expect((await sendBeacon({ ...progress, positionSeconds: 40, listenedSeconds: 12 })).status).toBe(204);
    expect(await sessionRow(start.sessionId)).toMatchObject({
      listened_seconds: 30,
      max_position: 95,
      ended_at: null,
      player: 'embed',
    });

    const end = { ...start, event: 'end' as const, positionSeconds: 180, listenedSeconds: 115.5 };
    expect((await sendBeacon(end)).status).toBe(204);
    const ended = await sessionRow(start.sessionId);
    expect(ended).toMatchObject({ listened_seconds: 115.5, max_position: 180, ended_at: expect.any(String) });
    expect(Date.parse(String(ended?.['last_beacon_at']))).toBeGreaterThanOrEqual(
      Date.parse(String(ended?.['started_at'])),
    );
  });

  it('answers every beacon to any site, never with credentials, and the preflight of a JSON beacon with 204', async () => {
    const episode = await analytics.publishedEpisode();

    const preflight = await send(baseUrl, '/e/beacons', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://blog.example.org',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const beacon = beaconOf(episode, { player: 'app' });
    const json = await send(baseUrl, '/e/beacons', {
      headers: { 'Content-Type': 'application/json', Origin: 'https://blog.example.org' },
      body: JSON.stringify(beacon),
    });
    expect(json.status).toBe(204);
    expect(json.headers['access-control-allow-origin']).toBe('*');
    expect(json.headers['access-control-allow-credentials']).toBeUndefined();
    expect(json.headers['set-cookie']).toBeUndefined();
    expect(await sessionRow(beacon.sessionId)).toMatchObject({ player: 'app' });

    const refused = await sendBeacon({ ...beacon, event: 'pause' });
    expect(refused.status).toBe(400);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it("refuses what is not a beacon with 400 and the contract's message, and stores nothing", async () => {
    const episode = await analytics.publishedEpisode();
    const cases: Array<[unknown, string]> = [
      [{ ...beaconOf(episode), sessionId: 'not-a-uuid' }, playbackBeaconMessages.sessionId],
      [{ ...beaconOf(episode), podcastId: 42 }, playbackBeaconMessages.podcastId],
      [{ ...beaconOf(episode), event: 'pause' }, playbackBeaconMessages.event],
      [{ ...beaconOf(episode), player: 'widget' }, playbackBeaconMessages.player],
      [{ ...beaconOf(episode), listenedSeconds: -1 }, playbackBeaconMessages.seconds('listenedSeconds')],
      [
        { ...beaconOf(episode), positionSeconds: BEACON_MAX_SECONDS + 1 },
        playbackBeaconMessages.seconds('positionSeconds'),
      ],
      [{ ...beaconOf(episode), durationSeconds: 0 }, playbackBeaconMessages.duration],
      [[beaconOf(episode)], beaconMessages.notABeacon],
      [null, beaconMessages.notABeacon],
    ];
    for (const [body, message] of cases) {
      const response = await sendBeacon(body);
      expect([response.status, JSON.parse(response.body)]).toEqual([
        400,
        { code: 'VALIDATION_FAILED', message },
      ]);
    }

    const notJson = await send(baseUrl, '/e/beacons', {
      headers: { 'Content-Type': 'text/plain' },
      body: '{"podcastId":',
    });
    expect([notJson.status, JSON.parse(notJson.body)]).toEqual([
      400,
      { code: 'VALIDATION_FAILED', message: beaconMessages.notJson },
    ]);
    const form = await send(baseUrl, '/e/beacons', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'event=start',
    });
    expect([form.status, JSON.parse(form.body)]).toEqual([
      400,
      { code: 'VALIDATION_FAILED', message: beaconMessages.contentType },
    ]);
    expect(
      await analytics.rows('select 1 from analytics.listening_sessions where episode_id = ?', [
        episode.episodeId,
      ]),
    ).toEqual([]);
  });

  it("refuses a beacon that names another episode for a session, and keeps the session's own", async () => {
    const first = await analytics.publishedEpisode();
    const second = await analytics.publishedEpisode();
    const beacon = beaconOf(first);
    expect((await sendBeacon(beacon)).status).toBe(204);

    const moved = await sendBeacon({
      ...beaconOf(second),
      sessionId: beacon.sessionId,
      event: 'progress',
      listenedSeconds: 30,
    });
    expect([moved.status, JSON.parse(moved.body)]).toEqual([
      400,
      { code: 'VALIDATION_FAILED', message: beaconMessages.sessionOfAnotherEpisode },
    ]);
    expect(await sessionRow(beacon.sessionId)).toMatchObject({
      episode_id: first.episodeId,
      podcast_id: first.podcastId,
      listened_seconds: 0,
    });
  });

  it('answers 404 EPISODE_NOT_FOUND for an episode that is not published, or not of the podcast named', async () => {
    const episode = await analytics.publishedEpisode();
    const other = await analytics.publishedEpisode();
    for (const beacon of [
      beaconOf({ podcastId: episode.podcastId, episodeId: randomUUID() }),
      beaconOf({ podcastId: other.podcastId, episodeId: episode.episodeId }),
    ]) {
      const response = await sendBeacon(beacon);
      expect([response.status, JSON.parse(response.body)]).toEqual([
        404,
        { code: 'EPISODE_NOT_FOUND', message: errorCatalogue.EPISODE_NOT_FOUND.message },
      ]);
      expect(await sessionRow(beacon.sessionId)).toBeUndefined();
    }
  });

  it("takes a private podcast's beacons only with its current token, as its downloads", async () => {
    const episode = await analytics.publishedEpisode();
    analytics.catalogPodcasts.set(episode.podcastId, {
      ownerId: episode.ownerId,
      privateToken: 'beacon-token-0123456789',
    });
    await analytics.deliver(catalogEvents.podcastUpdated, {
      podcastId: episode.podcastId,
      ownerId: episode.ownerId,
      slug: 'a-show',
    });

    const without = await sendBeacon(beaconOf(episode));
    expect([without.status, JSON.parse(without.body)]).toEqual([
      401,
      { code: 'FEED_TOKEN_REQUIRED', message: errorCatalogue.FEED_TOKEN_REQUIRED.message },
    ]);
    const wrong = await sendBeacon(beaconOf(episode), {}, '/e/beacons?token=another-token-0123456');
    expect([wrong.status, JSON.parse(wrong.body).code]).toEqual([401, 'FEED_TOKEN_INVALID']);

    const beacon = beaconOf(episode);
    expect((await sendBeacon(beacon, {}, '/e/beacons?token=beacon-token-0123456789')).status).toBe(204);
    expect(await sessionRow(beacon.sessionId)).toMatchObject({ episode_id: episode.episodeId });
  });

  it('refuses a body past 4 KB with 413, whether its Content-Length says so or only its bytes', async () => {
    const episode = await analytics.publishedEpisode();
    const oversized = JSON.stringify({ ...beaconOf(episode), padding: 'x'.repeat(5000) });
    for (const chunked of [false, true]) {
      const response = await send(baseUrl, '/e/beacons', {
        headers: { 'Content-Type': 'text/plain' },
        body: oversized,
        chunked,
      });
      expect([response.status, JSON.parse(response.body)]).toEqual([
        413,
        { code: 'PAYLOAD_TOO_LARGE', message: beaconMessages.tooLarge },
      ]);
    }
    // A beacon just under the limit, extra keys and all, is taken.
    const beacon = beaconOf(episode);
    const padded = JSON.stringify({ ...beacon, padding: 'x'.repeat(3500) });
    expect(Buffer.byteLength(padded)).toBeLessThanOrEqual(4096);
    expect((await send(baseUrl, '/e/beacons', { body: padded })).status).toBe(204);
    expect(await sessionRow(beacon.sessionId)).toMatchObject({ episode_id: episode.episodeId });
  });

  it('leaves other methods and paths to Express', async () => {
    expect((await send(baseUrl, '/e/beacons', { method: 'GET' })).status).toBe(418);
    expect((await send(baseUrl, '/e/beacons/more', { body: '{}' })).status).toBe(418);
    expect((await send(baseUrl, '/e/beaconsx', { body: '{}' })).status).toBe(418);
  });

  it("is answered the same way through Nest's controller in a module without fast routes", async () => {
    const episode = await analytics.publishedEpisode();
    const beacon = beaconOf(episode, { player: 'page' });
    const http = () => request(analytics.app.getHttpServer());

    // Express's JSON parser has read this body before the controller; the text/plain one is read by the route.
    const json = await http()
      .post('/e/beacons')
      .set('User-Agent', CHROME)
      .set('X-Forwarded-For', '8.8.8.8')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(beacon));
    expect(json.status).toBe(204);
    expect(json.headers['access-control-allow-origin']).toBe('*');
    const text = await http()
      .post('/e/beacons')
      .set('User-Agent', CHROME)
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ ...beacon, event: 'end', listenedSeconds: 61, positionSeconds: 61 }));
    expect(text.status).toBe(204);
    expect(await sessionRow(beacon.sessionId)).toMatchObject({
      country: 'US',
      listened_seconds: 61,
      ended_at: expect.any(String),
    });

    const preflight = await http().options('/e/beacons');
    expect([preflight.status, preflight.headers['access-control-allow-methods']]).toEqual([
      204,
      'POST, OPTIONS',
    ]);
    const invalid = await http()
      .post('/e/beacons')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ ...beacon, event: 'pause' }));
    expect([invalid.status, invalid.body]).toEqual([
      400,
      { code: 'VALIDATION_FAILED', message: playbackBeaconMessages.event },
    ]);
  });
});
