import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
import { ApiClient, createTestUser } from './support/api-client.js';
import {
  startBuiltProcess,
  stopProcesses,
  waitUntilReady,
  type StartedProcess,
} from './support/processes.js';
import { createPodcast } from './support/publish-flow.js';
import { testProcessEnv } from './support/test-process-env.js';

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/** A minimal OTLP/HTTP (JSON) collector: keeps every span it is sent. */
async function startCollector(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const payload = JSON.parse(body) as {
        resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: ReceivedSpan[] }> }>;
      };
      for (const resource of payload.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('tracing, when an OTLP endpoint is configured', () => {
  let database: TestDatabase;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let running: StartedProcess;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase('tracing');
    collector = await startCollector();
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    const env = await testProcessEnv(database, port, 'in-process', {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
      // Access-log lines (which carry the request's trace id) are written at debug.
      LOG_LEVEL: 'debug',
    });
    running = startBuiltProcess('apps/all-in-one/dist/main.js', env);
    await waitUntilReady(baseUrl, running);
  });

  afterAll(async () => {
    if (running) await stopProcesses([running]);
    await collector?.close();
    await database?.drop();
  });

  it('follows one creator request through the gateway, the catalog and the event it emits into the feeds service, in one trace', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const creator = new ApiClient(baseUrl).as(await createTestUser('tracy'));
    await createPodcast(
      creator.withHeaders({ traceparent: `00-${traceId}-00f067aa0ba902b7-01` }),
      'Traced Show',
    );

    const names = await waitFor(
      'the spans of the trace to reach the collector',
      () => {
        const inTrace = collector.spans.filter((span) => span.traceId === traceId).map((span) => span.name);
        const complete = [
          'POST /api/podcasts',
          'catalog.podcast.create handle',
          'catalog.podcast.created process',
        ].every((name) => inTrace.includes(name));
        return complete ? inTrace : undefined;
      },
      { timeoutMs: 20_000 },
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/podcasts',
        'catalog.podcast.create handle',
        'catalog.podcast.created process',
      ]),
    );

    const logLine = running
      .output()
      .split('\n')
      .find((line) => line.includes(`"trace_id":"${traceId}"`));
    expect(logLine).toBeDefined();
  });
});
