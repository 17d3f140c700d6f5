import {
  maxHeaderSize as defaultMaxHeaderSize,
  STATUS_CODES,
  validateHeaderValue,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { Socket } from 'node:net';
import { answerUnexpectedError } from './answer-unexpected-error.js';
import { headersOf, RequestHeadParser } from './request-head-parser.js';

/**
 * What a front route reads of a request: node:http's IncomingMessage has all of it, and so has the front's own
 * request. `headers` follows node:http's rules (lower-case names, duplicates joined or dropped as IncomingMessage does).
 */
export interface FastRequest {
  readonly method?: string;
  readonly url?: string;
  readonly headers: IncomingHttpHeaders;
  readonly socket: { readonly remoteAddress?: string };
}

/** What a front route does with its response: node:http's ServerResponse can, and so can the front's own response. */
export interface FastResponse {
  readonly headersSent: boolean;
  writeHead(status: number, headers?: Record<string, string>): FastResponse;
  end(body?: string): unknown;
  destroy(): unknown;
}

/** A route the front answers on its own, given the complete request; false (writing nothing) leaves it to node:http. */
export interface FrontRoute {
  readonly prefix: string;
  handle(request: FastRequest, response: FastResponse): boolean;
}

const END_OF_HEAD = Buffer.from('\r\n\r\n');
/** The Date header's value, made again only when the second changes (node:http keeps it the same way). */
let lastDate = { second: -1, value: '' };
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== lastDate.second) lastDate = { second, value: new Date(second * 1000).toUTCString() };
  return lastDate.value;
}

/** A request the front answers: what its route reads. */
class FrontRequest implements FastRequest {
  constructor(
    readonly method: string,
    readonly url: string,
    readonly headers: IncomingHttpHeaders,
    readonly socket: Socket,
  ) {}
}

/**
 * A response the front writes, byte for byte as node:http writes a `writeHead(...).end(body)`: the status line, the
 * route's headers, `Date`, then `Connection` (with `Keep-Alive: timeout=` while the connection stays open). Its bytes
 * wait in the connection's queue until every earlier response of the connection has gone (HTTP/1.1 answers in order).
 */
class FrontResponse implements FastResponse {
  private head: string | undefined;
  /** The bytes to send, once the route has ended the response. */
  bytes: string | Buffer | undefined;

  constructor(
    private readonly connection: FrontConnection,
    private readonly headOnly: boolean,
    readonly keepAlive: boolean,
  ) {}

  get headersSent(): boolean {
    return this.head !== undefined;
  }

  writeHead(status: number, headers: Record<string, string> = {}): this {
    if (this.head !== undefined) throw new Error('writeHead called twice');
    let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
    for (const name in headers) {
      const value = headers[name]!;
      // node:http's own check: a value with a line break or another control character is refused (it throws).
      validateHeaderValue(name, value);
      head += `${name}: ${value}\r\n`;
    }
    head += `Date: ${httpDate()}\r\n`;
    head += this.keepAlive ? this.connection.keepAliveHeader : 'Connection: close\r\n';
    this.head = head + '\r\n';
    return this;
  }

  end(body = ''): this {
    if (this.bytes !== undefined) return this;
    if (this.head === undefined) this.writeHead(200, { 'Content-Length': String(Buffer.byteLength(body)) });
    const head = this.head!;
    if (this.headOnly || body === '') this.bytes = head;
    else if (Buffer.byteLength(body) === body.length) this.bytes = head + body;
    else this.bytes = Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body, 'utf8')]);
    this.connection.flush();
    return this;
  }

  destroy(): this {
    this.connection.socket.destroy();
    return this;
  }
}

/**
 * One connection while the front answers it. It reads whole request heads (up to the blank line) and answers those a
 * front route takes; at the first request it does not answer (another path, a body, an upgrade, a head that two reads
 * do not finish, anything the parser refuses) it gives the connection, from that request's first byte, to node:http
 * for good, once its own answers have gone.
 */
class FrontConnection {
  private readonly parser: RequestHeadParser;
  /** Responses not yet sent, in the order of their requests. */
  private readonly queue: FrontResponse[] = [];
  /** The bytes node:http gets when the front gives the connection up (waiting for the queue to empty). */
  private handOverBytes: Buffer | undefined;
  /** No request after the ones waiting is answered: the last asked to close, or the process stops. */
  private closing = false;
  private released = false;
  private readonly onData = (chunk: Buffer) => this.read(chunk);
  /** The start of a head whose end the next read should bring. */
  private carry: Buffer | undefined;
  private readonly onTimeout = () => {
    // A head left unfinished goes to node:http, whose headers timeout is the one for slow clients.
    if (this.carry) this.handOver(this.takeCarry());
    else if (this.queue.length === 0) this.socket.destroy();
  };
  private readonly onClose = () => this.release();
  private readonly onError = () => this.socket.destroy();
  private waitingForDrain = false;
  private readonly onDrain = () => {
    this.waitingForDrain = false;
    if (!this.released) this.socket.resume();
  };

  constructor(
    private readonly front: HttpFront,
    readonly socket: Socket,
  ) {
    this.parser = new RequestHeadParser(front.maxHeaderSize);
    socket.setNoDelay(true);
    socket.setTimeout(front.keepAliveTimeoutMs);
    socket.on('timeout', this.onTimeout);
    socket.on('data', this.onData);
    socket.on('close', this.onClose);
    socket.on('error', this.onError);
  }

  /** `Connection` and `Keep-Alive` as node:http writes them on a response that leaves the connection open. */
  get keepAliveHeader(): string {
    return this.front.keepAliveHeader;
  }

  private read(chunk: Buffer): void {
    const carried = this.carry !== undefined;
    const data = carried ? Buffer.concat([this.takeCarry(), chunk]) : chunk;
    let start = 0;
    // After a request that closes the connection, node:http too reads nothing more.
    while (start < data.length && !this.closing) {
      const end = data.indexOf(END_OF_HEAD, start);
      if (end < 0) {
        // A head cut by the end of a read (a pipelining client, a small network packet) waits for the next read,
        // once: a head that two reads do not finish goes to node:http, as does one longer than the header limit.
        if ((carried && start === 0) || data.length - start > this.front.maxHeaderSize)
          this.handOver(data.subarray(start));
        else this.carry = Buffer.from(data.subarray(start));
        return;
      }
      if (!this.answer(data.subarray(start, end + END_OF_HEAD.length))) {
        this.handOver(data.subarray(start));
        return;
      }
      start = end + END_OF_HEAD.length;
    }
  }

  private takeCarry(): Buffer {
    const carry = this.carry!;
    this.carry = undefined;
    return carry;
  }

  /** Answers one request head through a front route; false when the front does not answer it (nothing is written). */
  private answer(head: Buffer): boolean {
    // Only a whole request that ends with its head: no body, no upgrade, nothing the parser refused or left over.
    const parsed = this.parser.parse(head);
    if (!parsed || parsed.upgrade) return false;
    const { method } = parsed;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const headers = headersOf(parsed.rawHeaders);
    // node:http answers an HTTP/1.1 request without Host with 400 (requireHostHeader); leave that to it.
    if (headers.host === undefined && parsed.minor > 0) return false;
    const request = new FrontRequest(method, parsed.url, headers, this.socket);
    for (const route of this.front.routes()) {
      if (!request.url.startsWith(route.prefix)) continue;
      const response = new FrontResponse(this, method === 'HEAD', parsed.keepAlive);
      this.queue.push(response);
      // Set before the route runs: its answer may be sent at once, and the connection then ends.
      this.closing = !parsed.keepAlive;
      let taken: boolean;
      try {
        taken = route.handle(request, response);
      } catch (error) {
        answerUnexpectedError(response, error);
        taken = true;
      }
      if (taken) return true;
      this.queue.pop();
      this.closing = false;
    }
    return false;
  }

  /** Sends the ended responses at the head of the queue; gives the connection up or ends it once the queue is empty. */
  flush(): void {
    // A connection closed meanwhile takes no answer.
    if (this.released) return;
    while (this.queue.length > 0 && this.queue[0]!.bytes !== undefined) {
      const response = this.queue.shift()!;
      // A client that sends requests faster than it reads the answers is read no further until it has read them, as
      // node:http does.
      if (!this.socket.write(response.bytes!, 'latin1') && !this.waitingForDrain) {
        this.waitingForDrain = true;
        this.socket.pause();
        this.socket.once('drain', this.onDrain);
      }
      if (!response.keepAlive) break;
    }
    if (this.queue.length > 0) return;
    if (this.closing) {
      this.release();
      // As node:http ends a connection after its last answer: closed once the answers have gone.
      this.socket.end(() => this.socket.destroy());
    } else if (this.handOverBytes !== undefined) this.giveToNodeHttp();
  }

  private handOver(bytes: Buffer): void {
    this.socket.pause();
    this.socket.removeListener('data', this.onData);
    this.handOverBytes = bytes;
    if (this.queue.length === 0) this.giveToNodeHttp();
  }

  private giveToNodeHttp(): void {
    const bytes = this.handOverBytes!;
    this.handOverBytes = undefined;
    this.release();
    if (this.socket.destroyed) return;
    // node:http listens for the socket's errors from here.
    this.socket.removeListener('error', this.onError);
    this.socket.setTimeout(0);
    if (bytes.length > 0) this.socket.unshift(bytes);
    this.front.giveToNodeHttp(this.socket);
  }

  /**
   * Stops answering: the connection is closed, ended or given to node:http. The error listener stays until node:http
   * has the socket: a reset of an ending connection is no crash.
   */
  private release(): void {
    if (this.released) return;
    this.released = true;
    this.socket.removeListener('data', this.onData);
    this.socket.removeListener('close', this.onClose);
    this.socket.removeListener('timeout', this.onTimeout);
    this.socket.removeListener('drain', this.onDrain);
    this.front.forget(this);
    this.parser.close();
  }

  /** Closes the connection now if it waits for no answer; otherwise after its last one. */
  close(): void {
    this.closing = true;
    if (this.queue.length === 0) this.socket.destroy();
  }
}

/**
 * The front of a process's HTTP server for its hottest public paths (ADR 0017): it takes each new connection before
 * node:http does, answers the plain GET and HEAD requests of the front routes itself with node:http's own parser and
 * the same response bytes, and gives node:http every other connection, from the first request it does not answer, so
 * that node:http, Express and Nest see that request and all later ones as if they had had the connection from the
 * start. It saves node:http's IncomingMessage and ServerResponse streams and their events, about a quarter of the CPU
 * of a download redirect.
 */
export class HttpFront {
  readonly maxHeaderSize: number;
  readonly keepAliveTimeoutMs: number;
  readonly keepAliveHeader: string;
  private readonly connections = new Set<FrontConnection>();
  private readonly nodeHttpListeners: Array<(socket: Socket) => void>;
  private stopped = false;

  /**
   * Installs the front on `server` (before it listens) and answers it, or answers undefined, leaving the server as it
   * was, where this Node does not export node:http's parser. `routes` gives the front routes registered so far.
   */
  static install(server: Server, routes: () => readonly FrontRoute[]): HttpFront | undefined {
    return RequestHeadParser.available ? new HttpFront(server, routes) : undefined;
  }

  private constructor(
    private readonly server: Server,
    readonly routes: () => readonly FrontRoute[],
  ) {
    // The server's own limit (its maxHeaderSize option), else node's (--max-http-header-size).
    this.maxHeaderSize = (server as { maxHeaderSize?: number }).maxHeaderSize ?? defaultMaxHeaderSize;
    this.keepAliveTimeoutMs = server.keepAliveTimeout;
    this.keepAliveHeader =
      server.keepAliveTimeout > 0
        ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(server.keepAliveTimeout / 1000)}\r\n`
        : 'Connection: keep-alive\r\n';
    this.nodeHttpListeners = server.listeners('connection') as Array<(socket: Socket) => void>;
    server.removeAllListeners('connection');
    server.on('connection', (socket: Socket) => {
      // A process whose modules registered no front route (they do when the app initialises, after this) and a
      // stopping one leave every connection to node:http.
      if (this.stopped || routes().length === 0) this.giveToNodeHttp(socket);
      else this.connections.add(new FrontConnection(this, socket));
    });
  }

  giveToNodeHttp(socket: Socket): void {
    for (const listener of this.nodeHttpListeners) listener.call(this.server, socket);
    socket.resume();
  }

  forget(connection: FrontConnection): void {
    this.connections.delete(connection);
  }

  /**
   * For a process that stops: new connections go to node:http (whose closing server refuses them), the front's idle
   * ones close now and the others after their last answer, so that the server's `close` can finish.
   */
  stop(): void {
    this.stopped = true;
    for (const connection of [...this.connections]) connection.close();
  }
}
