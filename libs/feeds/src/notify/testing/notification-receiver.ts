import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** When the client closed the connection before it was answered (a request the receiver left hanging). */
  abandonedAt?: number;
}

/** A status to answer with, or 'hang' to never answer (until the receiver closes). */
export type Answer = number | 'hang';

/**
 * A local HTTP endpoint on 127.0.0.1 standing in for a WebSub hub or a Podping server: it records every request and
 * answers what `answer` says (204 by default).
 */
export async function startNotificationReceiver() {
  const requests: ReceivedRequest[] = [];
  let answer: (request: ReceivedRequest) => Answer = () => 204;

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        url: new URL(incoming.url ?? '/', 'http://127.0.0.1'),
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(request);
      response.on('close', () => {
        if (!response.writableFinished) request.abandonedAt = Date.now();
      });
      const status = answer(request);
      if (status !== 'hang') response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** The endpoint's base URL, e.g. `http://127.0.0.1:41234/`. */
    url: `http://127.0.0.1:${port}/`,
    requests,
    /** Decides the status of every request from now on. */
    answerWith(decide: (request: ReceivedRequest) => Answer): void {
      answer = decide;
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

export type NotificationReceiver = Awaited<ReturnType<typeof startNotificationReceiver>>;

/** The feed URLs of a WebSub publish request (its repeated `hub.url` form fields). */
export function publishedFeedUrls(request: ReceivedRequest): string[] {
  return new URLSearchParams(request.body).getAll('hub.url');
}
