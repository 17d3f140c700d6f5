import { Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { DomainError, type ErrorCode } from '@castbase/contracts';
import {
  FastHttpRoutes,
  type FastRequest,
  type FastResponse,
  type FrontRoute,
} from '@castbase/platform-runtime';
import { canonicalAddress, CountryLookup } from '../attribution/index.js';
import { requestIdAt, type DownloadRequestRow } from './download-request-row.js';
import { DownloadTargets, type DownloadTarget, type MediaLocation } from './download-targets.js';
import { DownloadWriter } from './download-writer.js';
import { ListenerKeys } from './listener-keys.js';
import { gateRefusal, listenerIp } from './podcast-gate.js';

/** `/e/{podcastId}/{episodeId}/{file}` with an optional query; anything else under /e is Nest's (its 404). */
const ENCLOSURE_URL =
  /^\/e\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/?]+(?:\?(.*))?$/i;
const ANY_ENCLOSURE_URL = /^\/e\/[^/?]+\/[^/?]+\/[^/?]+(?:\?.*)?$/;
const MAX_USER_AGENT_LENGTH = 512;
const MAX_REFERRER_LENGTH = 2048;
const MAX_RANGE_LENGTH = 200;
const PLAYER_SOURCES = new Set(['page', 'embed', 'app']);

interface Redirect {
  target: DownloadTarget;
  location: MediaLocation;
}

type Answer = Redirect | { refused: ErrorCode; status: 401 | 404 };

/**
 * The enclosure URL of every feed, `GET|HEAD /e/{podcastId}/{episodeId}/{file}`, answered on the Node HTTP server
 * before Express and Nest (ADR 0014): the episode's media, its podcast's gate and the media's URL come from memory
 * (DownloadTargets), the GET is recorded (DownloadWriter) and the 302 leaves once its row is durable in the local journal,
 * PostgreSQL getting it a moment later (ADR 0016).
 * HEAD is answered the same way and not recorded. The `{file}` segment is for apps that read the extension from the
 * URL and is not checked. The process's HttpFront answers it below node:http where it can (ADR 0017), node:http's
 * request listener otherwise; in a process without the runtime's fast routes (test modules), the controller calls the
 * same `handle`.
 */
@Injectable()
export class DownloadHttpRoute implements FrontRoute, OnModuleInit {
  readonly prefix = '/e/';
  readonly front = true;
  private readonly logger = new Logger(DownloadHttpRoute.name);

  constructor(
    private readonly targets: DownloadTargets,
    private readonly writer: DownloadWriter,
    private readonly listenerKeys: ListenerKeys,
    private readonly countries: CountryLookup,
    @Optional() private readonly fastRoutes?: FastHttpRoutes,
  ) {}

  onModuleInit(): void {
    this.fastRoutes?.register(this);
  }

  handle(request: FastRequest, response: FastResponse): boolean {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = request.url ?? '';
    const match = ENCLOSURE_URL.exec(url);
    if (!match) {
      if (!ANY_ENCLOSURE_URL.test(url)) return false;
      // Ids that are not UUIDs name no episode.
      refuse(response, 'EPISODE_NOT_FOUND', 404);
      return true;
    }
    const podcastId = match[1]!.toLowerCase();
    const episodeId = match[2]!.toLowerCase();
    const query = match[3] === undefined ? undefined : new URLSearchParams(match[3]);
    const token = singleValue(query, 'token');
    const now = Date.now();

    const answer = this.answerFromMemory(podcastId, episodeId, token, now);
    if (answer) this.send(request, response, answer, query, now);
    else
      this.answer(podcastId, episodeId, token).then(
        (loaded) => this.send(request, response, loaded, query, now),
        (error: unknown) => {
          // Only the database or the catalog can fail here. Listeners come first: what memory last knew answers.
          const known = this.targets.lastKnown(episodeId, podcastId);
          if (known && known.target.podcastId === podcastId) {
            const refused = gateRefusal(known.gate, token);
            this.send(
              request,
              response,
              refused ? { refused, status: 401 } : { target: known.target, location: known.location },
              query,
              now,
            );
            return;
          }
          this.logger.warn(
            `download of ${episodeId} not answered: ${error instanceof Error ? error.message : String(error)}`,
          );
          refuse(response, 'SERVICE_UNAVAILABLE', 503, { 'Retry-After': '5' });
        },
      );
    return true;
  }

  /** The answer when memory holds everything it needs (the common case); undefined when the database must be asked. */
  private answerFromMemory(
    podcastId: string,
    episodeId: string,
    token: string | undefined,
    now: number,
  ): Answer | undefined {
    const target = this.targets.targetFromMemory(episodeId, now);
    if (target === undefined) return undefined;
    if (target === null || target.podcastId !== podcastId)
      return { refused: 'EPISODE_NOT_FOUND', status: 404 };
    const gate = this.targets.gateFromMemory(podcastId);
    if (!gate) return undefined;
    const refused = gateRefusal(gate, token);
    if (refused) return { refused, status: 401 };
    const location = this.targets.mediaUrlFromMemory(target.mediaKey, now);
    return location === undefined ? undefined : { target, location };
  }

  private async answer(podcastId: string, episodeId: string, token: string | undefined): Promise<Answer> {
    const now = Date.now();
    let target = this.targets.targetFromMemory(episodeId, now);
    if (target === undefined) target = await this.targets.loadTarget(episodeId);
    if (target === null || target.podcastId !== podcastId)
      return { refused: 'EPISODE_NOT_FOUND', status: 404 };
    const gate =
      this.targets.gateFromMemory(podcastId) ?? (await this.targets.loadGate(podcastId, target.ownerId));
    const refused = gateRefusal(gate, token);
    if (refused) return { refused, status: 401 };
    const location =
      this.targets.mediaUrlFromMemory(target.mediaKey, now) ??
      (await this.targets.loadMediaUrl(target.mediaKey));
    return { target, location };
  }

  private send(
    request: FastRequest,
    response: FastResponse,
    answer: Answer,
    query: URLSearchParams | undefined,
    now: number,
  ): void {
    if ('refused' in answer) {
      refuse(response, answer.refused, answer.status);
      return;
    }
    const { location } = answer;
    if (request.method === 'HEAD') {
      redirect(response, location.url);
      return;
    }
    const row = this.rowOf(request, answer.target, query, now, location.deliveryUrl !== null);
    // The storage reports what it sent of this request by its id (a string appended to the remembered URL).
    const url = location.deliveryUrl === null ? location.url : location.deliveryUrl + row.id;
    this.writer.record(row, () => redirect(response, url));
  }

  private rowOf(
    request: FastRequest,
    target: DownloadTarget,
    query: URLSearchParams | undefined,
    now: number,
    ownStorage: boolean,
  ): DownloadRequestRow {
    const { headers } = request;
    const ip = listenerIp(request, this.fastRoutes);
    const userAgent = (headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT_LENGTH);
    // Read once for the listener's key and the country.
    const address = canonicalAddress(ip);
    const listener = this.listenerKeys.keyOf(ip, userAgent, now, address);
    const source = singleValue(query, 'src');
    return {
      id: requestIdAt(now),
      occurredAtMs: now,
      podcastId: target.podcastId,
      episodeId: target.episodeId,
      ownerId: target.ownerId,
      listenerDay: listener.day,
      listenerNext: listener.next,
      addressDay: listener.address,
      country: this.countries.countryOfAddress(address),
      userAgent,
      referrer: headers.referer?.slice(0, MAX_REFERRER_LENGTH) ?? null,
      rangeHeader: headers.range?.slice(0, MAX_RANGE_LENGTH) ?? null,
      prefetch: isPrefetch(request),
      source: source !== undefined && PLAYER_SOURCES.has(source) ? source : null,
      ownStorage,
    };
  }
}

/** Browsers mark speculative fetches; such a request is nobody pressing play. */
function isPrefetch(request: FastRequest): boolean {
  const { headers } = request;
  const purpose = headers['sec-purpose'] ?? headers['purpose'] ?? headers['x-purpose'] ?? headers['x-moz'];
  return typeof purpose === 'string' && /prefetch|prerender|preview/i.test(purpose);
}

function singleValue(query: URLSearchParams | undefined, name: string): string | undefined {
  const values = query?.getAll(name) ?? [];
  return values.length === 1 ? values[0] : undefined;
}

/** Never cached, so every download reaches Castbase; no body. */
function redirect(response: FastResponse, location: string): void {
  response.writeHead(302, { Location: location, 'Cache-Control': 'no-store', 'Content-Length': '0' }).end();
}

function refuse(
  response: FastResponse,
  code: ErrorCode,
  status: number,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(new DomainError(code).toJSON());
  response
    .writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      ...headers,
    })
    .end(body);
}
