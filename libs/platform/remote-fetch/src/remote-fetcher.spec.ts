import { afterEach, describe, expect, it } from '@jest/globals';
import { DomainError } from '@castbase/contracts';
import { RemoteFetcher } from './remote-fetcher.js';
import { fetchRemoteText } from './remote-text.js';
import { fakeDns, startServer, TEST_SERVER_ADDRESS, type LocalServer } from './testing/local-servers.js';

const asText = { accept: 'text/plain', maxBytes: 1024 };
const servers: LocalServer[] = [];

async function serve(...args: Parameters<typeof startServer>): Promise<LocalServer> {
  const server = await startServer(...args);
  servers.push(server);
  return server;
}

/** The DomainError code a fetch fails with. */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return (error as DomainError).code;
}

/** A fetcher that lets only the tests' server address through, with made-up names. */
function testFetcher(options: ConstructorParameters<typeof RemoteFetcher>[0] = {}): RemoteFetcher {
  return new RemoteFetcher({
    allowAddresses: [TEST_SERVER_ADDRESS],
    lookup: fakeDns({
      'podcaster.example': TEST_SERVER_ADDRESS,
      'metadata.example': '169.254.169.254',
      'intranet.example': '10.1.2.3',
      'loopback.example': '127.0.0.1',
    }),
    ...options,
  });
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('RemoteFetcher: what it refuses to reach', () => {
  it('refuses 127.0.0.1 even with a server listening there, which never sees the request', async () => {
    const local = await serve((_, response) => response.end('secret'), { host: '127.0.0.1' });
    expect(await failure(new RemoteFetcher().fetch(`http://127.0.0.1:${local.port}/`, asText))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
    expect(local.hits).toEqual([]);
  });

  it.each([
    'http://10.0.0.1/',
    'http://10.255.255.254:8080/admin',
    'http://169.254.169.254/latest/meta-data/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[::1]/',
    'http://[fc00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[::ffff:10.0.0.1]/',
  ])('refuses %s', async (url) => {
    expect(await failure(new RemoteFetcher().fetch(url, asText))).toBe('REMOTE_URL_NOT_ALLOWED');
  });

  it('refuses localhost, as the system resolves it', async () => {
    const local = await serve((_, response) => response.end('secret'), { host: '127.0.0.1' });
    expect(await failure(new RemoteFetcher().fetch(`http://localhost:${local.port}/`, asText))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
    expect(local.hits).toEqual([]);
  });

  it.each(['metadata.example', 'intranet.example', 'loopback.example'])(
    'refuses a host name that resolves to a private address (%s)',
    async (host) => {
      expect(await failure(testFetcher().fetch(`http://${host}/`, asText))).toBe('REMOTE_URL_NOT_ALLOWED');
    },
  );

  it('connects to the address it checked: a name resolving to 127.0.0.1 never reaches the server there', async () => {
    const local = await serve((_, response) => response.end('secret'), { host: '127.0.0.1' });
    expect(await failure(testFetcher().fetch(`http://loopback.example:${local.port}/`, asText))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
    expect(local.hits).toEqual([]);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://podcaster.example/x',
    'gopher://x/',
    'http://user:pw@podcaster.example/',
    'nonsense',
  ])('refuses %s: only http and https, without credentials', async (url) => {
    expect(await failure(testFetcher().fetch(url, asText))).toBe('REMOTE_URL_NOT_ALLOWED');
  });
});

describe('RemoteFetcher: redirects, time and size', () => {
  it('follows a redirect to an allowed address, checking it', async () => {
    const target = await serve((_, response) => response.end('landed'));
    const start = await serve((_, response) => {
      response.writeHead(302, { location: `http://podcaster.example:${target.port}/final` }).end();
    });
    const response = await testFetcher().fetch(`http://podcaster.example:${start.port}/`, asText);
    expect(response.body.toString()).toBe('landed');
    expect(response.url).toBe(`http://podcaster.example:${target.port}/final`);
  });

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/`],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a name resolving to 10.1.2.3', () => 'http://intranet.example/'],
  ])('refuses a redirect to a private address (%s)', async (_, location) => {
    const secret = await serve((__, response) => response.end('secret'), { host: '127.0.0.1' });
    const start = await serve((__, response) =>
      response.writeHead(301, { location: location(secret.port) }).end(),
    );
    expect(await failure(testFetcher().fetch(`http://podcaster.example:${start.port}/`, asText))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
    expect(secret.hits).toEqual([]);
  });

  it('refuses a redirect to another scheme', async () => {
    const start = await serve((_, response) =>
      response.writeHead(302, { location: 'file:///etc/passwd' }).end(),
    );
    expect(await failure(testFetcher().fetch(`http://podcaster.example:${start.port}/`, asText))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
  });

  it('refuses a redirect to a location that is not a URL', async () => {
    const start = await serve((_, response) => response.writeHead(302, { location: 'http://[broken' }).end());
    expect(await failure(testFetcher().fetch(`http://podcaster.example:${start.port}/`, asText))).toBe(
      'REMOTE_URL_NOT_ALLOWED',
    );
  });

  it.each([
    'http://',
    'http://[::1%25lo]/',
    'http://a b/',
    'http://podcaster.example:0/',
    'https://name.invalid/',
  ])('answers %s with a DomainError, never another kind of failure', async (url) => {
    expect(await failure(testFetcher({ timeoutMs: 2_000 }).fetch(url, asText))).toMatch(/^REMOTE_/);
  });

  it('gives up after a few redirects', async () => {
    const loop = await serve((request, response) =>
      response.writeHead(302, { location: `${request.url}x` }).end(),
    );
    expect(await failure(testFetcher().fetch(`http://podcaster.example:${loop.port}/`, asText))).toBe(
      'REMOTE_FETCH_FAILED',
    );
    expect(loop.hits).toEqual(['/', '/x', '/xx', '/xxx']);
  });

  it('times out on a server that never answers', async () => {
    const silent = await serve(() => undefined);
    expect(
      await failure(
        testFetcher({ timeoutMs: 200 }).fetch(`http://podcaster.example:${silent.port}/`, asText),
      ),
    ).toBe('REMOTE_FETCH_TIMEOUT');
  });

  it('times out on a body that never ends', async () => {
    const trickle = await serve((_, response) => response.write('first words'));
    expect(
      await failure(
        testFetcher({ timeoutMs: 200 }).fetch(`http://podcaster.example:${trickle.port}/`, asText),
      ),
    ).toBe('REMOTE_FETCH_TIMEOUT');
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    const declared = await serve((_, response) =>
      response.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000)),
    );
    const streamed = await serve((_, response) => {
      response.write('x'.repeat(800));
      response.end('x'.repeat(800));
    });
    const fetcher = testFetcher();
    expect(await failure(fetcher.fetch(`http://podcaster.example:${declared.port}/`, asText))).toBe(
      'REMOTE_FILE_TOO_LARGE',
    );
    expect(await failure(fetcher.fetch(`http://podcaster.example:${streamed.port}/`, asText))).toBe(
      'REMOTE_FILE_TOO_LARGE',
    );
  });

  it('reports an error status as REMOTE_HTTP_ERROR with the status, and an unreachable server as REMOTE_FETCH_FAILED', async () => {
    const missing = await serve((_, response) => response.writeHead(404).end('no'));
    const error = await testFetcher()
      .fetch(`http://podcaster.example:${missing.port}/`, asText)
      .catch((caught: unknown) => caught as DomainError);
    expect(error).toMatchObject({ code: 'REMOTE_HTTP_ERROR', details: { status: 404 } });
    const closed = await serve(() => undefined);
    await closed.close();
    expect(await failure(testFetcher().fetch(`http://podcaster.example:${closed.port}/`, asText))).toBe(
      'REMOTE_FETCH_FAILED',
    );
  });
});

describe('fetchRemoteText', () => {
  it('answers the text of a transcript file', async () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello, listeners — ça va?\n';
    const server = await serve((_, response) =>
      response.writeHead(200, { 'content-type': 'text/vtt' }).end(vtt),
    );
    await expect(
      fetchRemoteText(testFetcher(), `http://podcaster.example:${server.port}/t.vtt`),
    ).resolves.toBe(vtt);
  });

  it('refuses a file that is not text, by its type or its bytes', async () => {
    const image = await serve((_, response) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end('png'),
    );
    const binary = await serve((_, response) => response.end(Buffer.from([0x57, 0x00, 0x01])));
    expect(await failure(fetchRemoteText(testFetcher(), `http://podcaster.example:${image.port}/`))).toBe(
      'REMOTE_NOT_TEXT',
    );
    expect(await failure(fetchRemoteText(testFetcher(), `http://podcaster.example:${binary.port}/`))).toBe(
      'REMOTE_NOT_TEXT',
    );
  });
});
