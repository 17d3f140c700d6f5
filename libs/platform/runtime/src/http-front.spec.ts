import { createServer, IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import express from 'express';
import { Gate, waitFor } from '@castbase/platform-testing';
import { FastHttpRoutes } from './fast-http-routes.js';
import { type FastRequest, type FastResponse } from './http-front.js';
import { headersOf } from './request-head-parser.js';

/** A raw HTTP/1.1 exchange: writes `parts` in turn (each once the server has read the last), reads until `done`. */
class RawClient {
  readonly socket: Socket;
  received = '';
  ended = false;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setEncoding('latin1');
    this.socket.on('data', (chunk: string) => (this.received += chunk));
    this.socket.on('end', () => (this.ended = true));
    this.socket.on('close', () => (this.ended = true));
    this.socket.on('error', () => undefined);
  }

  write(bytes: string): void {
    this.socket.write(bytes, 'latin1');
  }

  /** The responses received so far, each as its status line and headers (Date taken out) and its body. */
  responses(): Array<{ head: string; body: string }> {
    const responses: Array<{ head: string; body: string }> = [];
    let rest = this.received;
    for (;;) {
      const end = rest.indexOf('\r\n\r\n');
      if (end < 0) return responses;
      const head = rest.slice(0, end).replace(/\r\nDate: [^\r]+/, '\r\nDate: -');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
      const bodyLength = head.startsWith('HTTP/1.1 400') ? rest.length - end - 4 : length;
      responses.push({ head, body: rest.slice(end + 4, end + 4 + bodyLength) });
      rest = rest.slice(end + 4 + bodyLength);
    }
  }

  async waitForResponses(count: number) {
    return waitFor(`${count} responses (have: ${JSON.stringify(this.received)})`, () => {
      const responses = this.responses();
      return responses.length >= count ? responses : undefined;
    });
  }

  close(): void {
    this.socket.destroy();
  }
}

const REDIRECT_HEADERS = {
  Location: 'https://cdn.example/a.mp3',
  'Cache-Control': 'no-store',
  'Content-Length': '0',
};

describe('HttpFront: the front routes answered below node:http (ADR 0017)', () => {
  let server: Server;
  let port: number;
  let routes: FastHttpRoutes;
  /** Which object each request the route saw was: the front's own, or node:http's IncomingMessage. */
  let seenBy: Array<{ url: string; by: 'front' | 'node:http' }>;
  let gates: Map<string, Gate>;
  let serverSockets: Socket[];
  const clients: RawClient[] = [];

  function client(): RawClient {
    const raw = new RawClient(port);
    clients.push(raw);
    return raw;
  }

  /** Starts the server; `serverSockets` gets each connection's socket on the server's side. */
  async function start(keepAliveTimeoutMs?: number): Promise<void> {
    const app = express();
    app.use((request, response) => {
      response.status(404).json({ answeredBy: 'express', path: request.path });
    });
    routes = new FastHttpRoutes();
    server = createServer(app);
    if (keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = keepAliveTimeoutMs;
    routes.attach(server, app);
    // After attach, beside the front (a listener before it would be node:http's, called on hand-over only).
    server.on('connection', (socket: Socket) => serverSockets.push(socket));
    routes.register({
      prefix: '/e/',
      front: true,
      handle(request: FastRequest, response: FastResponse) {
        const url = request.url ?? '';
        if (url === '/e/declined') return false;
        seenBy.push({ url, by: request instanceof IncomingMessage ? 'node:http' : 'front' });
        if (url === '/e/throws') throw new Error('the route failed');
        if (url === '/e/headers') {
          const body = JSON.stringify(request.headers);
          response
            .writeHead(200, {
              'Content-Type': 'application/json',
              'Content-Length': String(Buffer.byteLength(body)),
            })
            .end(body);
          return true;
        }
        const gate = gates.get(url);
        const send = () =>
          response.writeHead(302, { ...REDIRECT_HEADERS, Location: `https://cdn.example${url}` }).end();
        if (gate) void gate.opened.then(send);
        else send();
        return true;
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    seenBy = [];
    gates = new Map();
    serverSockets = [];
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    for (const raw of clients.splice(0)) raw.close();
    routes.beforeApplicationShutdown();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a front route with the bytes node:http writes for the same writeHead and end, GET and HEAD', async () => {
    await start();
    const front = client();
    front.write('GET /e/a HTTP/1.1\r\nHost: castbase.test\r\n\r\n');
    front.write('HEAD /e/a HTTP/1.1\r\nHost: castbase.test\r\n\r\n');
    const answers = await front.waitForResponses(2);

    // The same route answered by node:http, the way a connection it has been given gets it.
    const plain = createServer((_request, response) =>
      response.writeHead(302, { ...REDIRECT_HEADERS, Location: 'https://cdn.example/e/a' }).end(),
    );
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const reference = new RawClient((plain.address() as AddressInfo).port);
    reference.write('GET /e/a HTTP/1.1\r\nHost: castbase.test\r\n\r\n');
    reference.write('HEAD /e/a HTTP/1.1\r\nHost: castbase.test\r\n\r\n');
    const expected = await reference.waitForResponses(2);
    reference.close();
    await new Promise((resolve) => plain.close(resolve));

    expect(answers).toEqual(expected);
    expect(answers[0]!.head).toContain('\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5');
    expect(seenBy).toEqual([
      { url: '/e/a', by: 'front' },
      { url: '/e/a', by: 'front' },
    ]);
  });

  it('gives node:http the connection from the first request it does not answer, every answer in the order asked', async () => {
    await start();
    const slow = new Gate();
    gates.set('/e/slow', slow);
    const raw = client();
    raw.write(
      'GET /e/slow HTTP/1.1\r\nHost: a\r\n\r\n' +
        'GET /e/quick HTTP/1.1\r\nHost: a\r\n\r\n' +
        'GET /api/podcasts HTTP/1.1\r\nHost: a\r\n\r\n' +
        'GET /e/after HTTP/1.1\r\nHost: a\r\n\r\n',
    );
    // Node:http waits for the front's answers: nothing is sent before the first answer is ready.
    await waitFor('the front to take the first two requests', () => seenBy.length === 2);
    expect(raw.received).toBe('');
    slow.open();

    const responses = await raw.waitForResponses(4);
    expect(responses.map((response) => response.head.split('\r\n')[0])).toEqual([
      'HTTP/1.1 302 Found',
      'HTTP/1.1 302 Found',
      'HTTP/1.1 404 Not Found',
      'HTTP/1.1 302 Found',
    ]);
    expect(responses.map((response) => /\r\nLocation: (\S+)/.exec(response.head)?.[1])).toEqual([
      'https://cdn.example/e/slow',
      'https://cdn.example/e/quick',
      undefined,
      'https://cdn.example/e/after',
    ]);
    expect(JSON.parse(responses[2]!.body)).toEqual({ answeredBy: 'express', path: '/api/podcasts' });
    expect(seenBy).toEqual([
      { url: '/e/slow', by: 'front' },
      { url: '/e/quick', by: 'front' },
      { url: '/e/after', by: 'node:http' },
    ]);
  });

  it('leaves to node:http a request with a body, one the route declines, one without Host and one it cannot parse', async () => {
    await start();
    const withBody = client();
    withBody.write('POST /e/a HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nhi');
    const declined = client();
    declined.write('GET /e/declined HTTP/1.1\r\nHost: a\r\n\r\n');
    const noHost = client();
    noHost.write('GET /e/a HTTP/1.1\r\n\r\n');
    const broken = client();
    broken.write('GET /e/a HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n');

    expect((await withBody.waitForResponses(1))[0]!.head).toMatch(/^HTTP\/1.1 302 Found/);
    expect(JSON.parse((await declined.waitForResponses(1))[0]!.body)).toEqual({
      answeredBy: 'express',
      path: '/e/declined',
    });
    expect((await noHost.waitForResponses(1))[0]!.head).toMatch(/^HTTP\/1.1 400 Bad Request/);
    expect((await broken.waitForResponses(1))[0]!.head).toMatch(/^HTTP\/1.1 400 Bad Request/);
    expect(seenBy).toEqual([{ url: '/e/a', by: 'node:http' }]);
  });

  it('answers a head that two reads bring, and gives node:http one that two reads do not finish', async () => {
    await start();
    const inTwo = client();
    inTwo.write('GET /e/two HTTP/1.1\r\nHo');
    await waitFor('the server to read the first part', () => serverSockets[0]?.bytesRead === 23);
    inTwo.write('st: a\r\n\r\n');
    expect((await inTwo.waitForResponses(1))[0]!.head).toContain(
      '\r\nLocation: https://cdn.example/e/two\r\n',
    );

    const inThree = client();
    inThree.write('GET /e/three HTTP/1.1\r\nHo');
    await waitFor('the server to read the first part', () => serverSockets[1]?.bytesRead === 25);
    inThree.write('st: a\r\n');
    await waitFor('the server to read the second part', () => serverSockets[1]?.bytesRead === 32);
    inThree.write('\r\n');
    expect((await inThree.waitForResponses(1))[0]!.head).toContain(
      '\r\nLocation: https://cdn.example/e/three\r\n',
    );

    expect(seenBy).toEqual([
      { url: '/e/two', by: 'front' },
      { url: '/e/three', by: 'node:http' },
    ]);
  });

  it('gives node:http a head left unfinished when the connection has been idle for the keep-alive timeout', async () => {
    await start(300);
    const raw = client();
    raw.write('GET /e/slow-client HTTP/1.1\r\nHost: a\r\n');
    // node:http gives each connection it takes a parser of its own (`socket.parser`).
    await waitFor(
      'node:http to take the connection',
      () => (serverSockets[0] as { parser?: unknown })?.parser,
    );
    expect(raw.ended).toBe(false);
    raw.write('\r\n');

    expect((await raw.waitForResponses(1))[0]!.head).toMatch(/^HTTP\/1.1 302 Found/);
    expect(seenBy).toEqual([{ url: '/e/slow-client', by: 'node:http' }]);
  });

  it('reads no further from a client that does not read its answers, until it reads them', async () => {
    await start();
    const raw = client();
    raw.socket.pause();
    const request = 'GET /e/pipelined HTTP/1.1\r\nHost: a\r\n\r\n';
    const count = 100_000;
    raw.write(request.repeat(count));
    await waitFor('the front to stop reading', () => serverSockets[0]?.isPaused());
    const answeredWhilePaused = seenBy.length;
    expect(answeredWhilePaused).toBeLessThan(count);
    expect(serverSockets[0]!.bytesRead).toBeLessThan(request.length * count);

    raw.socket.resume();
    await waitFor('every request to be answered', () => seenBy.length === count, { timeoutMs: 30_000 });
    expect(seenBy.every(({ by }) => by === 'front')).toBe(true);
    await waitFor('every answer to arrive', () => raw.received.split('HTTP/1.1 302').length - 1 === count, {
      timeoutMs: 30_000,
    });
  });

  it('drops the answer of a client that went away, and goes on answering others', async () => {
    await start();
    const gate = new Gate();
    gates.set('/e/gone', gate);
    const gone = client();
    gone.write('GET /e/gone HTTP/1.1\r\nHost: a\r\n\r\n');
    await waitFor('the front to take the request', () => seenBy.length === 1);
    gone.socket.resetAndDestroy();
    await waitFor('the server to see the connection closed', () => serverSockets[0]?.destroyed);
    gate.open();
    await gate.opened;

    const next = client();
    next.write('GET /e/next HTTP/1.1\r\nHost: a\r\n\r\n');
    expect((await next.waitForResponses(1))[0]!.head).toMatch(/^HTTP\/1.1 302 Found/);
  });

  it('closes the connection after a request that asks for it, as node:http does', async () => {
    await start();
    const oldClient = client();
    oldClient.write('GET /e/a HTTP/1.0\r\n\r\nGET /e/b HTTP/1.0\r\n\r\n');
    const closing = client();
    closing.write('GET /e/a HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');

    await waitFor('both connections to end', () => oldClient.ended && closing.ended);
    for (const raw of [oldClient, closing]) {
      expect(raw.responses()).toHaveLength(1);
      expect(raw.responses()[0]!.head).toMatch(/\r\nConnection: close$/);
    }
    expect(seenBy).toEqual([
      { url: '/e/a', by: 'front' },
      { url: '/e/a', by: 'front' },
    ]);
  });

  it("gives a route node:http's headers: lower-case names, repeats joined or dropped as IncomingMessage does", async () => {
    const head =
      'GET /e/headers HTTP/1.1\r\nHost: a\r\nUser-Agent: first\r\nuser-agent: second\r\nX-Forwarded-For: 1.1.1.1\r\n' +
      'x-forwarded-for: 2.2.2.2\r\nCookie: a=1\r\nCookie: b=2\r\nRange: bytes=0-1\r\nREFERER: https://one\r\n' +
      'Referer: https://two\r\nSet-Cookie: c=3\r\nSet-Cookie: d=4\r\n\r\n';
    await start();
    const front = client();
    front.write(head);
    const fromFront = JSON.parse((await front.waitForResponses(1))[0]!.body) as unknown;

    let fromNode: unknown;
    const plain = createServer((request, response) => {
      fromNode = request.headers;
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const reference = new RawClient((plain.address() as AddressInfo).port);
    reference.write(head);
    await reference.waitForResponses(1);
    reference.close();
    await new Promise((resolve) => plain.close(resolve));

    expect(seenBy).toEqual([{ url: '/e/headers', by: 'front' }]);
    expect(fromFront).toEqual(fromNode);
    expect(fromFront).toMatchObject({
      'user-agent': 'first',
      'x-forwarded-for': '1.1.1.1, 2.2.2.2',
      cookie: 'a=1; b=2',
    });
    expect(headersOf(['Set-Cookie', 'c=3'])).toEqual({ 'set-cookie': ['c=3'] });
  });

  it('answers a route that throws with 500 INTERNAL and the catalogue message, and keeps the connection', async () => {
    await start();
    const raw = client();
    raw.write('GET /e/throws HTTP/1.1\r\nHost: a\r\n\r\nGET /e/b HTTP/1.1\r\nHost: a\r\n\r\n');
    const [failed, next] = await raw.waitForResponses(2);

    expect(failed!.head).toMatch(/^HTTP\/1.1 500 Internal Server Error/);
    expect(JSON.parse(failed!.body)).toEqual({ code: 'INTERNAL', message: expect.any(String) });
    expect(failed!.body).not.toContain('the route failed');
    expect(next!.head).toMatch(/^HTTP\/1.1 302 Found/);
  });

  it('closes an idle connection after the keep-alive timeout, and every connection when the process stops', async () => {
    await start(300);
    const idle = client();
    idle.write('GET /e/a HTTP/1.1\r\nHost: a\r\n\r\n');
    expect((await idle.waitForResponses(1))[0]!.head).toContain('\r\nKeep-Alive: timeout=0');
    await waitFor('the idle connection to close', () => idle.ended);

    const busy = new Gate();
    gates.set('/e/busy', busy);
    const waiting = client();
    waiting.write('GET /e/busy HTTP/1.1\r\nHost: a\r\n\r\n');
    const another = client();
    another.write('GET /e/b HTTP/1.1\r\nHost: a\r\n\r\n');
    await another.waitForResponses(1);
    await waitFor('the front to take the waiting request', () => seenBy.some(({ url }) => url === '/e/busy'));

    routes.beforeApplicationShutdown();
    const closed = new Promise((resolve) => server.close(resolve));
    await waitFor('the idle connection to close', () => another.ended);
    expect(waiting.ended).toBe(false);
    busy.open();
    // The waiting request still gets its answer, then the connection closes and the server with it.
    expect((await waiting.waitForResponses(1))[0]!.head).toMatch(/^HTTP\/1.1 302 Found/);
    await waitFor('the answered connection to close', () => waiting.ended);
    await closed;
  });
});
