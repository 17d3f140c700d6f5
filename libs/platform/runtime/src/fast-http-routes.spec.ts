import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import express from 'express';
import { FastHttpRoutes, type FastHttpRoute } from './fast-http-routes.js';

function get(baseUrl: string, path: string, method = 'GET') {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      httpRequest(`${baseUrl}${path}`, { method, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

/** A route answering GET under `prefix` with `answer`, declining everything else. */
function route(prefix: string, answer: (response: ServerResponse) => void): FastHttpRoute {
  return {
    prefix,
    handle(request: IncomingMessage, response: ServerResponse) {
      if (request.method !== 'GET') return false;
      answer(response);
      return true;
    },
  };
}

describe('FastHttpRoutes: public hot paths answered before Express', () => {
  let server: Server;
  let baseUrl: string;
  let routes: FastHttpRoutes;
  let expressApp: express.Express;

  beforeEach(async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expressApp = express();
    expressApp.use((request, response) => {
      response.status(404).json({ answeredBy: 'express', path: request.path });
    });
    routes = new FastHttpRoutes();
    server = createServer(expressApp);
    routes.attach(server, expressApp);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a registered prefix itself and passes every other request to Express', async () => {
    routes.register(route('/feeds/', (response) => response.writeHead(200).end('fast')));

    expect(await get(baseUrl, '/feeds/ada/show.xml')).toMatchObject({ status: 200, body: 'fast' });
    expect(JSON.parse((await get(baseUrl, '/api/podcasts')).body)).toEqual({
      answeredBy: 'express',
      path: '/api/podcasts',
    });
  });

  it('passes a request the route declines (another method) to Express', async () => {
    routes.register(route('/feeds/', (response) => response.writeHead(200).end('fast')));

    const response = await get(baseUrl, '/feeds/ada/show.xml', 'POST');

    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toMatchObject({ answeredBy: 'express' });
  });

  it('answers a route that throws with 500 INTERNAL and the catalogue message, never the error', async () => {
    routes.register(
      route('/feeds/', () => {
        throw new Error('connect ECONNREFUSED postgres://castbase:s3cret@db');
      }),
    );

    const response = await get(baseUrl, '/feeds/ada/show.xml');

    expect(response.status).toBe(500);
    expect(JSON.parse(response.body)).toEqual({ code: 'INTERNAL', message: 'An unexpected error occurred' });
    expect(response.body).not.toContain('s3cret');
  });

  it("gives the client's address as Express's request.ip does under the trust-proxy setting", () => {
    const behindProxy = { remoteAddress: '10.0.0.5', forwardedFor: '203.0.113.9, 10.0.0.7' };

    expressApp.set('trust proxy', false);
    expect(routes.clientAddress(behindProxy)).toBe('10.0.0.5');
    expressApp.set('trust proxy', 1);
    expect(routes.clientAddress(behindProxy)).toBe('10.0.0.7');
    expressApp.set('trust proxy', true);
    expect(routes.clientAddress(behindProxy)).toBe('203.0.113.9');
    expect(routes.clientAddress({ remoteAddress: '192.0.2.1', forwardedFor: undefined })).toBe('192.0.2.1');
  });

  it("answers as Express's own request.ip for every trust setting, peer and chain, however often it is asked", () => {
    /** Express's `ip` getter itself on a request of these values: the oracle. */
    const expressIp = (remoteAddress: string, forwardedFor: string) => {
      const socket = { remoteAddress };
      return (
        Object.assign(Object.create(expressApp.request) as object, {
          app: expressApp,
          headers: { 'x-forwarded-for': forwardedFor },
          socket,
          connection: socket,
        }) as { ip?: string }
      ).ip;
    };
    const settings = ['loopback', 'loopback, 10.0.0.0/8', 'uniquelocal', 2, true, false];
    const peers = ['::ffff:127.0.0.1', '127.0.0.1', '::1', '10.1.2.3', '203.0.113.7', '::ffff:10.9.8.7'];
    const chains = [
      '198.51.100.4',
      '198.51.100.4, 10.0.0.9',
      '2001:db8::1, 127.0.0.1, 10.0.0.9',
      'not an address, 10.0.0.9',
      '',
    ];
    for (const setting of settings) {
      expressApp.set('trust proxy', setting);
      for (let round = 0; round < 2; round++)
        for (const remoteAddress of peers)
          for (const forwardedFor of chains)
            expect(routes.clientAddress({ remoteAddress, forwardedFor })).toBe(
              expressIp(remoteAddress, forwardedFor),
            );
    }
    // More proxies than it remembers: still Express's answers.
    expressApp.set('trust proxy', 'loopback, 10.0.0.0/8');
    for (let index = 0; index < 3000; index++) {
      const forwardedFor = `198.51.100.${index % 250}, 10.${index % 250}.${Math.floor(index / 250)}.1`;
      expect(routes.clientAddress({ remoteAddress: '::ffff:127.0.0.1', forwardedFor })).toBe(
        `198.51.100.${index % 250}`,
      );
    }
  });
});
