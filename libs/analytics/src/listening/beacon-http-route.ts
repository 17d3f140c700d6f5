import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { DomainError, isDomainError } from '@castbase/contracts';
import { FastHttpRoutes, type FastHttpRoute } from '@castbase/platform-runtime';
import { BEACON_MAX_BODY_BYTES, BEACON_PATH } from './beacon-limits.js';
import { beaconMessages } from './beacon-messages.js';
import { listenerIp } from '../downloads/podcast-gate.js';
import { ListeningSessions } from './listening-sessions.js';

const MAX_USER_AGENT_LENGTH = 512;
const ACCEPTED_TYPES = new Set(['text/plain', 'application/json']);

/**
 * Every answer may be read from any site and none carries or asks for credentials: the players run on other sites
 * (the embed) and send beacons without cookies.
 */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cache-Control': 'no-store',
} as const;

const PREFLIGHT_HEADERS = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
  'Access-Control-Max-Age': '86400',
  'Content-Length': '0',
} as const;

/** A beacon's body: its text as sent, or (behind Express's JSON parser, in test modules) the value already parsed. */
type BeaconBody = { text: string } | { value: unknown };

/**
 * `POST /e/beacons`: the players' listening beacons (`navigator.sendBeacon`, or `fetch` with `keepalive`), JSON of one
 * `PlaybackBeacon` sent as text/plain (no preflight) or application/json, at most 4 KB. Answered on the Node server
 * before Express like the enclosure redirect (ADR 0014), and by BeaconController where no fast route is attached.
 * 204 once the session is stored; 400 with the contract's message for anything that is not a beacon, 404 for an
 * episode that is not that podcast's, 401 for a private podcast without its current token, 413 past 4 KB. A private
 * podcast's players send its token as `?token=`, as they do to `/e/...`.
 */
@Injectable()
export class BeaconHttpRoute implements FastHttpRoute, OnModuleInit {
  readonly prefix = BEACON_PATH;
  private readonly logger = new Logger(BeaconHttpRoute.name);

  constructor(
    private readonly sessions: ListeningSessions,
    @Optional() private readonly fastRoutes?: FastHttpRoutes,
  ) {}

  onModuleInit(): void {
    this.fastRoutes?.register(this);
  }

  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    const queryStart = url.indexOf('?');
    if ((queryStart === -1 ? url : url.slice(0, queryStart)) !== BEACON_PATH) return false;
    if (request.method === 'OPTIONS') {
      response.writeHead(204, PREFLIGHT_HEADERS).end();
      return true;
    }
    if (request.method !== 'POST') return false;
    const query = new URLSearchParams(queryStart === -1 ? '' : url.slice(queryStart + 1));
    this.receive(request, query).then(
      () => response.writeHead(204, CORS_HEADERS).end(),
      (error: unknown) => this.refuse(request, response, error),
    );
    return true;
  }

  private async receive(request: IncomingMessage, query: URLSearchParams): Promise<void> {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    // sendBeacon with a Blob of no type sends none.
    if (type !== '' && !ACCEPTED_TYPES.has(type))
      throw new DomainError('VALIDATION_FAILED', beaconMessages.contentType);
    const body = await readBody(request);
    let value: unknown;
    if ('value' in body) value = body.value;
    else
      try {
        value = JSON.parse(body.text);
      } catch {
        throw new DomainError('VALIDATION_FAILED', beaconMessages.notJson);
      }
    const tokens = query.getAll('token');
    await this.sessions.record(value, {
      ip: listenerIp(request, this.fastRoutes),
      userAgent: (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT_LENGTH),
      token: tokens.length === 1 ? tokens[0] : undefined,
    });
  }

  private refuse(request: IncomingMessage, response: ServerResponse, error: unknown): void {
    let refusal: DomainError;
    if (isDomainError(error)) refusal = error;
    else {
      // Only the database can fail here: the listener's playback goes on, the player may send the next beacon.
      this.logger.warn(`beacon not stored: ${error instanceof Error ? error.message : String(error)}`);
      refusal = new DomainError('SERVICE_UNAVAILABLE');
    }
    if (response.headersSent) return;
    const body = JSON.stringify(refusal.toJSON());
    // A body left unread (too large) would keep the connection busy: it is closed once answered.
    const unread = !request.readableEnded;
    response
      .writeHead(refusal.status, {
        ...CORS_HEADERS,
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
        ...(unread ? { Connection: 'close' } : {}),
        ...(refusal.code === 'SERVICE_UNAVAILABLE' ? { 'Retry-After': '5' } : {}),
      })
      .end(body);
    if (unread) request.resume();
  }
}

const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', beaconMessages.tooLarge);

/** The body, at most 4 KB, refused as soon as its Content-Length or its bytes pass that. */
function readBody(request: IncomingMessage): Promise<BeaconBody> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > BEACON_MAX_BODY_BYTES) return Promise.reject(tooLarge());
  // Express's JSON parser (present in test modules, not in the runtime) has read the body already.
  if (request.readableEnded) return Promise.resolve({ value: (request as { body?: unknown }).body });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > BEACON_MAX_BODY_BYTES) {
        request.off('data', onData);
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve({ text: Buffer.concat(chunks, size).toString('utf8') }));
    request.once('error', reject);
  });
}
