import { execFileSync } from 'node:child_process';
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { isIP, type AddressInfo, type LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Tests' real servers. They listen on 127.0.0.2 (loopback, which the fetcher refuses), and a test's fetcher lets
 * that one address through, so a redirect or a name pointing at 127.0.0.1 or elsewhere is still refused.
 */
export const TEST_SERVER_ADDRESS = '127.0.0.2';

export interface LocalServer {
  server: Server;
  port: number;
  /** Requests it received, by path. */
  hits: string[];
  close(): Promise<void>;
}

export async function startServer(
  handler: RequestListener,
  { host = TEST_SERVER_ADDRESS, tls }: { host?: string; tls?: { key: string; cert: string } } = {},
): Promise<LocalServer> {
  const hits: string[] = [];
  const listener: RequestListener = (request, response) => {
    hits.push(request.url ?? '');
    handler(request, response);
  };
  const server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A self-signed certificate for `hostname`, made with the system's openssl. */
export function selfSignedCertificate(hostname: string): { key: string; cert: string } {
  const directory = mkdtempSync(join(tmpdir(), 'castbase-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        `/CN=${hostname}`,
        '-addext',
        `subjectAltName=DNS:${hostname}`,
        '-keyout',
        join(directory, 'key.pem'),
        '-out',
        join(directory, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(directory, 'key.pem'), 'utf8'),
      cert: readFileSync(join(directory, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** A resolver that answers the made-up names of `table` and asks the system for any other. */
export function fakeDns(table: Record<string, string>): LookupFunction {
  const lookup = (
    hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    const address = table[hostname];
    if (!address) {
      systemLookup(hostname, options as never, callback as never);
      return;
    }
    const family = isIP(address);
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  return lookup;
}
