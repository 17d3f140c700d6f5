import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DomainError } from '@castbase/contracts';
import { RemoteFetcher } from './remote-fetcher.js';
import { fakeDns, startServer, TEST_SERVER_ADDRESS, type LocalServer } from './testing/local-servers.js';

const servers: LocalServer[] = [];
let folder: string;

async function serve(...args: Parameters<typeof startServer>): Promise<LocalServer> {
  const server = await startServer(...args);
  servers.push(server);
  return server;
}

function testFetcher(options: ConstructorParameters<typeof RemoteFetcher>[0] = {}): RemoteFetcher {
  return new RemoteFetcher({
    allowAddresses: [TEST_SERVER_ADDRESS],
    lookup: fakeDns({ 'podcaster.example': TEST_SERVER_ADDRESS, 'loopback.example': '127.0.0.1' }),
    ...options,
  });
}

/** Streams `url` into a file as the media import does, and answers the file's path. */
async function streamToFile(fetcher: RemoteFetcher, url: string, maxBytes: number, timeoutMs?: number) {
  const path = join(folder, `${servers.length}-${Math.random()}.bin`);
  await fetcher.stream(url, { accept: '*/*', maxBytes, ...(timeoutMs ? { timeoutMs } : {}) }, (body) =>
    pipeline(body, createWriteStream(path)),
  );
  return path;
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'castbase-stream-spec-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('RemoteFetcher.stream: a large body to a destination, with the checks of fetch', () => {
  it('streams a body of several megabytes to a file byte for byte, after a checked redirect, with its head', async () => {
    const bytes = Buffer.alloc(6 * 1024 * 1024);
    for (let index = 0; index < bytes.length; index += 997) bytes[index] = index % 251;
    const target = await serve((_, response) => {
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(bytes.length) });
      response.end(bytes);
    });
    const start = await serve((_, response) =>
      response.writeHead(301, { location: `http://podcaster.example:${target.port}/episode.mp3` }).end(),
    );
    let head: unknown;
    const path = join(folder, 'redirected.mp3');
    await testFetcher().stream(
      `http://podcaster.example:${start.port}/old.mp3`,
      { accept: 'audio/*', maxBytes: bytes.length },
      async (body, received) => {
        head = received;
        await pipeline(body, createWriteStream(path));
      },
    );
    expect((await readFile(path)).equals(bytes)).toBe(true);
    expect(head).toEqual({
      url: `http://podcaster.example:${target.port}/episode.mp3`,
      status: 200,
      contentType: 'audio/mpeg',
      contentLength: bytes.length,
    });
  });

  it('refuses loopback, and a name resolving to it, before any connection', async () => {
    const local = await serve((_, response) => response.end('secret'), { host: '127.0.0.1' });
    expect(await failure(streamToFile(new RemoteFetcher(), `http://127.0.0.1:${local.port}/`, 1024))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
    expect(await failure(streamToFile(testFetcher(), `http://loopback.example:${local.port}/`, 1024))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
    expect(local.hits).toEqual([]);
  });

  it('refuses a redirect to a private address', async () => {
    const secret = await serve((_, response) => response.end('secret'), { host: '127.0.0.1' });
    const start = await serve((_, response) =>
      response.writeHead(302, { location: `http://127.0.0.1:${secret.port}/` }).end(),
    );
    expect(await failure(streamToFile(testFetcher(), `http://podcaster.example:${start.port}/`, 1024))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
    expect(secret.hits).toEqual([]);
  });

  it('with allowPrivateAddresses reaches 127.0.0.1 (a local install) but never the cloud metadata address', async () => {
    const local = await serve((_, response) => response.end('own feed'), { host: '127.0.0.1' });
    const path = await streamToFile(
      new RemoteFetcher({ allowPrivateAddresses: true }),
      `http://127.0.0.1:${local.port}/`,
      1024,
    );
    expect(await readFile(path, 'utf8')).toBe('own feed');
    expect(
      await failure(
        streamToFile(
          new RemoteFetcher({ allowPrivateAddresses: true, timeoutMs: 2_000 }),
          'http://169.254.169.254/',
          1024,
        ),
      ),
    ).toBe('REMOTE_URL_NOT_ALLOWED');
  });

  it('refuses a body over the cap, whether declared or only streamed, and keeps nothing past the cap', async () => {
    const declared = await serve((_, response) =>
      response.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)),
    );
    const streamed = await serve((_, response) => {
      response.write('x'.repeat(3000));
      setImmediate(() => response.end('x'.repeat(3000)));
    });
    expect(
      await failure(streamToFile(testFetcher(), `http://podcaster.example:${declared.port}/`, 4096)),
    ).toBe('REMOTE_FILE_TOO_LARGE');
    expect(
      await failure(streamToFile(testFetcher(), `http://podcaster.example:${streamed.port}/`, 4096)),
    ).toBe('REMOTE_FILE_TOO_LARGE');
  });

  it('times out on a body that never ends, by the request’s own deadline', async () => {
    const trickle = await serve((_, response) => response.write('first bytes'));
    expect(
      await failure(streamToFile(testFetcher(), `http://podcaster.example:${trickle.port}/`, 1024, 300)),
    ).toBe('REMOTE_FETCH_TIMEOUT');
  });

  it('fails a body cut short by the server with REMOTE_FETCH_FAILED', async () => {
    const cut = await serve((_, response) => {
      response.writeHead(200, { 'content-length': '1000' });
      response.write('x'.repeat(100));
      setImmediate(() => response.socket?.destroy());
    });
    expect(await failure(streamToFile(testFetcher(), `http://podcaster.example:${cut.port}/`, 4096))).toBe(
      'REMOTE_FETCH_FAILED',
    );
  });

  it('answers an error status with REMOTE_HTTP_ERROR', async () => {
    const missing = await serve((_, response) => response.writeHead(404).end('no'));
    expect(
      await failure(streamToFile(testFetcher(), `http://podcaster.example:${missing.port}/`, 1024)),
    ).toBe('REMOTE_HTTP_ERROR');
  });
});
