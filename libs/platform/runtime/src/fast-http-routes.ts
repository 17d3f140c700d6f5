import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import proxyaddr from 'proxy-addr';
import { answerUnexpectedError } from './answer-unexpected-error.js';
import { HttpFront, type FrontRoute } from './http-front.js';

/**
 * A public hot path answered on the Node HTTP server itself, before Express and Nest see the request (ADR 0014):
 * no middleware, guard, interceptor, access-log line or router lookup. The route does all of its own work, headers
 * and errors included.
 */
export interface FastHttpRoute {
  /** The path prefix the route looks at, e.g. '/feeds/'. */
  readonly prefix: string;
  /**
   * Answers the request and returns true, or returns false at once (writing nothing) to leave the request to Nest:
   * a method or a path shape the route does not serve.
   */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /**
   * True for a route that reads no more of a request than `FastRequest` and answers through `FastResponse` alone
   * (`writeHead(...).end(body)`): the process's HttpFront then answers it below node:http (ADR 0017).
   */
  readonly front?: boolean;
}

/** What Express knows of a request's client address: the socket's peer and the proxies' X-Forwarded-For. */
export interface ClientAddressSource {
  remoteAddress: string | undefined;
  forwardedFor: string | undefined;
}

/**
 * Express's application as far as client addresses go: its settings, of which `trust proxy fn` is the TRUST_PROXY
 * setting compiled by proxy-addr, what its `request.ip` getter passes to proxy-addr.
 */
export interface ExpressApplication {
  get(setting: string): unknown;
}

/** proxy-addr's compiled trust: whether the address at `hop` (0 is the socket's peer) is a proxy to look behind. */
type ProxyTrust = (address: string, hop: number) => boolean;

/** Trust answers remembered at most: the proxies (the ingress's addresses) are few; the rest is cleared when full. */
const MAX_TRUST_ANSWERS = 1024;

/**
 * The process's fast routes. Service modules register theirs when they start; `runProcess` puts `dispatch` in front
 * of Express's request listener. Without the runtime (a test module) nothing is registered or attached, and the
 * routes' Nest controllers answer instead.
 */
@Injectable()
export class FastHttpRoutes implements BeforeApplicationShutdown {
  private routes: FastHttpRoute[] = [];
  /** The routes the HttpFront may answer, in the order they were registered. */
  private front: FrontRoute[] = [];
  private httpFront: HttpFront | undefined;
  private express: ExpressApplication | undefined;
  /** The app's compiled trust as last read, and its answers by hop and address. */
  private trust: { compiled: ProxyTrust; answers: Map<string, boolean>; check: ProxyTrust } | undefined;

  register(route: FastHttpRoute | (FrontRoute & { readonly front: true })): void {
    this.routes = [...this.routes, route];
    if (route.front) this.front = [...this.front, route];
  }

  /** Whether the process answers this route on its own listener (false in test modules that serve through Nest). */
  get attached(): boolean {
    return this.express !== undefined;
  }

  /**
   * Takes `server`'s request listeners (Express's) and calls them only for requests no fast route answers. `express`
   * is the application behind them, whose trust-proxy setting `clientAddress` follows. The HttpFront takes the
   * server's connections first, and answers the front routes' requests on them.
   */
  attach(server: Server, express: ExpressApplication): void {
    const fallback = server.listeners('request') as Array<
      (request: IncomingMessage, response: ServerResponse) => void
    >;
    server.removeAllListeners('request');
    this.express = express;
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.dispatch(request, response)) return;
      for (const listener of fallback) listener.call(server, request, response);
    });
    this.httpFront = HttpFront.install(server, () => this.front);
  }

  /** Before Nest closes the HTTP server: the front's connections close, so that the server's close can finish. */
  beforeApplicationShutdown(): void {
    this.httpFront?.stop();
  }

  /** Answers through the first route whose prefix the URL starts with and that takes it; false when none does. */
  dispatch(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    for (const route of this.routes) {
      if (!url.startsWith(route.prefix)) continue;
      try {
        if (route.handle(request, response)) return true;
      } catch (error) {
        answerUnexpectedError(response, error);
        return true;
      }
    }
    return false;
  }

  /**
   * The client's address exactly as Express's `request.ip` gives it under the process's TRUST_PROXY setting; the
   * socket's peer when the routes are not attached.
   */
  clientAddress(source: ClientAddressSource): string {
    const express = this.express;
    // Without X-Forwarded-For, Express answers the socket's peer whatever it trusts (proxy-addr consults the trust
    // setting only for the addresses behind a proxy).
    if (!express || source.forwardedFor === undefined) return source.remoteAddress ?? '';
    const socket = { remoteAddress: source.remoteAddress };
    // What Express's `ip` getter does: proxy-addr over the socket's peer and X-Forwarded-For, with the app's trust.
    const request = { headers: { 'x-forwarded-for': source.forwardedFor }, socket, connection: socket };
    return (
      proxyaddr(request as unknown as IncomingMessage, this.trustOf(express)) ?? source.remoteAddress ?? ''
    );
  }

  /**
   * The app's compiled trust with its answers remembered: proxy-addr parses an address (ipaddr.js) for each check,
   * which cost the download redirect more than a third of its own work per request behind a proxy, and every request
   * asks about the same few proxies. The compiled trust is a function of the address and the hop alone (a subnet
   * list, a hop count, or all or nothing); a new setting starts afresh.
   */
  private trustOf(express: ExpressApplication): ProxyTrust {
    const compiled = express.get('trust proxy fn') as ProxyTrust;
    if (this.trust?.compiled !== compiled) {
      const answers = new Map<string, boolean>();
      const check: ProxyTrust = (address, hop) => {
        const key = `${hop} ${address}`;
        let trusted = answers.get(key);
        if (trusted === undefined) {
          trusted = compiled(address, hop);
          if (answers.size >= MAX_TRUST_ANSWERS) answers.clear();
          answers.set(key, trusted);
        }
        return trusted;
      };
      this.trust = { compiled, answers, check };
    }
    return this.trust.check;
  }
}
