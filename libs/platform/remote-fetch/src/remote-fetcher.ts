import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { DomainError } from '@castbase/contracts';

/** How a fetch of a user's URL may go; the defaults are production's. */
export interface RemoteFetcherOptions {
  /** The whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Resolves host names; tests give one that answers made-up names. The addresses it gives are still checked. */
  lookup?: LookupFunction;
  /** Addresses let through although private (tests' local servers); empty in production. */
  allowAddresses?: string[];
  /**
   * Lets every private, loopback and link-local address through (FEED_FETCH_ALLOW_PRIVATE: a local install testing
   * its own feed on localhost). Never in production.
   */
  allowPrivateAddresses?: boolean;
  /** Extra certificate authorities to trust (tests' self-signed servers). */
  ca?: string;
}

export interface RemoteFetchRequest {
  accept: string;
  /** The body's size cap in bytes. */
  maxBytes: number;
  /** More request headers (the feed tester's no-cache ones); accept, accept-encoding and user-agent stay the fetcher's. */
  headers?: Record<string, string>;
  /** This fetch's deadline, redirects and body included, instead of the fetcher's. */
  timeoutMs?: number;
}

/** What is known of a streamed answer before its body. */
export interface RemoteStreamHead {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  /** The declared Content-Length, when the server gave one. */
  contentLength: number | null;
}

export interface RemoteResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
  body: Buffer;
}

/**
 * Refused whatever the options: the cloud metadata services (AWS, GCP and Azure at 169.254.169.254, AWS ECS task
 * metadata, AWS IPv6, Alibaba), in the literal forms a URL or a resolver gives them. Single addresses, not ranges:
 * request-filtering-agent warns on every check of an address against a range of the other IP family.
 */
const METADATA_ADDRESSES = [
  '169.254.169.254',
  '169.254.170.2',
  '169.254.170.23',
  'fd00:ec2::254',
  '100.100.100.200',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
];

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches URLs that users give (a lightning address's well-known endpoint, an external transcript) without letting
 * them reach the machine's own network. The connection goes through request-filtering-agent, which resolves the host
 * and refuses any address that is not global unicast (loopback, private, link-local with 169.254.169.254, CGNAT,
 * 0.0.0.0/8, multicast, reserved, unique-local IPv6, IPv4-mapped IPv6 forms of these) inside the lookup the socket
 * connects with, so the address checked is the address connected to (no DNS rebinding between check and connect).
 * Only http and https are fetched, each redirect is checked the same way, and the whole fetch has a deadline and a
 * size cap. Failures are DomainErrors with REMOTE_* codes (422), never a 500.
 */
export class RemoteFetcher {
  private readonly httpAgent: RequestFilteringHttpAgent;
  private readonly httpsAgent: RequestFilteringHttpsAgent;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly lookup: LookupFunction | undefined;

  constructor(options: RemoteFetcherOptions = {}) {
    const filter = {
      allowIPAddressList: options.allowAddresses ?? [],
      ...(options.allowPrivateAddresses ? { allowPrivateIPAddress: true } : {}),
      // Refused even when private addresses are let through: a local install testing its own feed never needs them.
      denyIPAddressList: METADATA_ADDRESSES,
    };
    this.httpAgent = new RequestFilteringHttpAgent(filter);
    this.httpsAgent = new RequestFilteringHttpsAgent({
      ...filter,
      ...(options.ca ? { ca: options.ca } : {}),
    });
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    this.lookup = options.lookup;
  }

  /** The 2xx answer of `url` (after at most a few checked redirects), or a REMOTE_* DomainError. */
  async fetch(url: string, request: RemoteFetchRequest): Promise<RemoteResponse> {
    const signal = AbortSignal.timeout(request.timeoutMs ?? this.timeoutMs);
    const { response, head } = await this.openFollowingRedirects(url, request, signal);
    const body = await readCapped(response, request.maxBytes, signal);
    return { url: head.url, status: head.status, contentType: head.contentType, body };
  }

  /**
   * Streams the 2xx answer of `url` to `consume`, for bodies too large to hold in memory (an episode's audio): the
   * same address checks, redirect checks, deadline and size cap as `fetch`. The body `consume` reads fails with
   * REMOTE_FILE_TOO_LARGE past `maxBytes`, REMOTE_FETCH_TIMEOUT past the deadline and REMOTE_FETCH_FAILED when the
   * connection ends early, so piping it to a file rejects with that DomainError. Answers what `consume` answers; the
   * connection is closed however it ends.
   */
  async stream<T>(
    url: string,
    request: RemoteFetchRequest,
    consume: (body: Readable, head: RemoteStreamHead) => Promise<T>,
  ): Promise<T> {
    const signal = AbortSignal.timeout(request.timeoutMs ?? this.timeoutMs);
    const { response, head } = await this.openFollowingRedirects(url, request, signal);
    if (head.contentLength !== null && head.contentLength > request.maxBytes) {
      response.destroy();
      throw new DomainError('REMOTE_FILE_TOO_LARGE', undefined, { maxBytes: request.maxBytes });
    }
    const body = cappedBody(response, request.maxBytes, signal);
    try {
      return await consume(body, head);
    } finally {
      response.destroy();
      body.destroy();
    }
  }

  /** The first 2xx answer after at most `maxRedirects` checked redirects, before its body. */
  private async openFollowingRedirects(
    url: string,
    request: RemoteFetchRequest,
    signal: AbortSignal,
  ): Promise<{ response: IncomingMessage; head: RemoteStreamHead }> {
    let target = allowedUrl(url);
    for (let redirects = 0; ; redirects++) {
      const response = await this.open(target, request, signal);
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        response.destroy();
        if (redirects >= this.maxRedirects) {
          throw new DomainError('REMOTE_FETCH_FAILED', 'The remote server redirected too many times');
        }
        target = allowedUrl(location, target);
        continue;
      }
      const status = response.statusCode ?? 0;
      if (status < 200 || status > 299) {
        response.destroy();
        throw new DomainError('REMOTE_HTTP_ERROR', undefined, {
          status,
          statusText: response.statusMessage ?? '',
        });
      }
      const declared = Number(response.headers['content-length']);
      const contentLength =
        response.headers['content-length'] !== undefined && Number.isFinite(declared) ? declared : null;
      const head = {
        url: target.toString(),
        status,
        contentType: response.headers['content-type'] ?? null,
        contentLength,
      };
      return { response, head };
    }
  }

  private open(target: URL, request: RemoteFetchRequest, signal: AbortSignal): Promise<IncomingMessage> {
    const https = target.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const send = () =>
        (https ? httpsRequest : httpRequest)(
          target,
          {
            agent: https ? this.httpsAgent : this.httpAgent,
            ...(this.lookup ? { lookup: this.lookup } : {}),
            signal,
            headers: {
              ...request.headers,
              accept: request.accept,
              'accept-encoding': 'identity',
              'user-agent': 'Castbase',
            },
          },
          resolve,
        );
      let outgoing: ReturnType<typeof send>;
      try {
        outgoing = send();
      } catch (error) {
        // Node refuses some URLs when the request is made (an IPv6 zone, a bad port) rather than on the socket.
        reject(fetchError(error as Error, signal));
        return;
      }
      outgoing.on('error', (error) => reject(fetchError(error, signal)));
      outgoing.end();
    });
  }
}

/** Only http(s) URLs without credentials are fetched. */
function allowedUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new DomainError('REMOTE_URL_NOT_ALLOWED');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new DomainError('REMOTE_URL_NOT_ALLOWED');
  }
  return url;
}

function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    return Promise.reject(new DomainError('REMOTE_FILE_TOO_LARGE', undefined, { maxBytes }));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new DomainError('REMOTE_FILE_TOO_LARGE', undefined, { maxBytes }));
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => resolve(Buffer.concat(chunks)));
    response.on('error', (error) => reject(fetchError(error, signal)));
    response.on('close', () => {
      if (!response.complete) reject(fetchError(new Error('closed before the end'), signal));
    });
  });
}

/** The body of `response` as a stream that fails with a DomainError past the cap, the deadline, or an early end. */
function cappedBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Readable {
  let size = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        done(new DomainError('REMOTE_FILE_TOO_LARGE', undefined, { maxBytes }));
        response.destroy();
        return;
      }
      done(null, chunk);
    },
  });
  response.on('error', (error) => limiter.destroy(fetchError(error, signal)));
  response.on('close', () => {
    if (!response.complete) limiter.destroy(fetchError(new Error('closed before the end'), signal));
  });
  response.pipe(limiter);
  return limiter;
}

/** The agent's refusal, the deadline, or any other failure to reach the server, as the codes the API answers with. */
function fetchError(error: Error, signal: AbortSignal): DomainError {
  if (signal.aborted) return new DomainError('REMOTE_FETCH_TIMEOUT');
  // request-filtering-agent refuses with 'DNS lookup {address}(…) is not allowed. Because, …'.
  if (/is not allowed/.test(error.message)) return new DomainError('REMOTE_URL_NOT_ALLOWED');
  return new DomainError('REMOTE_FETCH_FAILED', undefined, { reason: (error as NodeJS.ErrnoException).code });
}
