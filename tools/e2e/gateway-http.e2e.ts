import { createTestDatabase, freePort, type TestDatabase } from '@castbase/platform-testing';
import type { RunningProcess } from '@castbase/platform-runtime';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser, type TestUser } from './support/api-client.js';
import { testProcessEnv } from './support/test-process-env.js';

const RATE_LIMIT = 40;

describe('the gateway as browsers and API clients meet it', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let user: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase('gateway');
    running = await runAllInOne(
      await testProcessEnv(database, await freePort(), 'in-process', {
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        JSON_BODY_LIMIT: '10kb',
      }),
    );
    user = await createTestUser('gwen');
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('serves the web app with a Content-Security-Policy, and no HSTS over plain HTTP', async () => {
    const response = await fetch(`${running.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when a trusted proxy says the request came over TLS', async () => {
    const response = await fetch(`${running.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers app routes with the single-page app and unknown API paths with a JSON 404', async () => {
    const page = await fetch(`${running.url}/p/some-id/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${running.url}/api/nothing-here`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
  });

  it('documents the API in OpenAPI with the contract schemas', async () => {
    const document = (await (await fetch(`${running.url}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/podcasts',
        '/api/podcasts/{podcastId}/episodes',
        '/api/episodes/{episodeId}/publish',
        '/api/media/uploads',
      ]),
    );
    const create = JSON.stringify(document.paths['/api/podcasts']!['post']);
    expect(create).toContain('"name":{"type":"string","minLength":1,"maxLength":255}');
  });

  it('refuses a body over the limit with 413 and malformed JSON with 400, never a 500', async () => {
    const headers = { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' };
    const big = await fetch(`${running.url}/api/podcasts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'x'.repeat(20_000) }),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    const broken = await fetch(`${running.url}/api/podcasts`, { method: 'POST', headers, body: '{"name": ' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request body is not valid JSON',
    });
  });

  it('tells operators on /metrics how the bus handlers fare and how many events wait in each outbox', async () => {
    await new ApiClient(running.url).as(user).ok('POST', '/api/podcasts', { name: 'Metered' });
    const metrics = await (await fetch(`${running.url}/metrics`)).text();
    expect(metrics).toMatch(
      /castbase_bus_messages_handled_total\{service="catalog",subject="catalog.podcast.create",kind="request",outcome="ok"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /castbase_bus_handler_duration_seconds_count\{service="catalog",subject="catalog.podcast.create",kind="request"\} [1-9]/,
    );
    expect(metrics).toMatch(/castbase_outbox_pending\{service="catalog"\} \d+/);
    expect(metrics).toMatch(/castbase_outbox_pending\{service="feeds"\} \d+/);
  });

  it('rate-limits the API by client with 429 and the limit headers, leaving feeds and health alone', async () => {
    const api = new ApiClient(running.url).as(user);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 5; i++) statuses.push((await api.call('GET', '/api/podcasts')).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
    const limited = await fetch(`${running.url}/api/podcasts`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please wait a moment and try again.',
    });
    expect(limited.headers.get('ratelimit-policy')).toContain(`q=${RATE_LIMIT}; w=60`);
    expect((await fetch(`${running.url}/health/ready`)).status).toBe(200);
  });
});
