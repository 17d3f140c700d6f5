import type { IncomingHttpHeaders } from 'node:http';

/** node:http's own request parser (llhttp), as `_http_common` exports it: the one node:http parses every request with. */
interface HttpParser {
  initialize(type: number, resource: object, maxHeaderSize: number, lenient: number): void;
  execute(data: Buffer): number | Error;
  /** Frees the native parser at once (node:http does so for the parsers it does not pool). */
  close(): void;
  [callback: number]: unknown;
}
interface HttpParserClass {
  new (): HttpParser;
  REQUEST: number;
  kOnHeaders: number;
  kOnHeadersComplete: number;
  kOnBody: number;
  kOnMessageComplete: number;
  kOnExecute: number;
  kLenientNone: number;
}
type HttpCommon = { HTTPParser?: HttpParserClass; methods?: string[] } | undefined;

/** node:http's parser, or undefined where this Node does not export it. */
function nodeHttpParser(): { HTTPParser: HttpParserClass; methods: string[] } | undefined {
  let common: HttpCommon;
  try {
    common = process.getBuiltinModule('_http_common');
  } catch {
    return undefined;
  }
  const { HTTPParser, methods } = common ?? {};
  return typeof HTTPParser === 'function' && Array.isArray(methods) ? { HTTPParser, methods } : undefined;
}

const nodeParser = nodeHttpParser();

/** Header names IncomingMessage keeps the first of when a request repeats them; it joins other repeats with ', '. */
const FIRST_ONLY = new Set([
  'age',
  'authorization',
  'content-length',
  'content-type',
  'etag',
  'expires',
  'from',
  'host',
  'if-modified-since',
  'if-unmodified-since',
  'last-modified',
  'location',
  'max-forwards',
  'proxy-authorization',
  'referer',
  'retry-after',
  'server',
  'user-agent',
]);

/**
 * A request's headers as IncomingMessage's `headers` gives them from the parser's flat list of names and values:
 * lower-case names; a repeated `set-cookie` kept as a list, `cookie` joined with '; ', the names of FIRST_ONLY kept
 * once, any other repeat joined with ', '.
 */
export function headersOf(flat: readonly string[]): IncomingHttpHeaders {
  const headers: Record<string, string | string[]> = {};
  for (let index = 0; index < flat.length; index += 2) {
    const name = flat[index]!.toLowerCase();
    const value = flat[index + 1]!;
    const existing = headers[name];
    if (existing === undefined) headers[name] = name === 'set-cookie' ? [value] : value;
    else if (name === 'set-cookie') (existing as string[]).push(value);
    else if (!FIRST_ONLY.has(name))
      headers[name] = `${existing as string}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  return headers;
}

/** A request that is all in its head, as the parser read it. */
export interface RequestHead {
  method: string;
  url: string;
  /** Names and values in turn, as they came (`headersOf` gives IncomingMessage's object). */
  rawHeaders: string[];
  /** The HTTP minor version: 0 for HTTP/1.0. */
  minor: number;
  keepAlive: boolean;
  upgrade: boolean;
}

/**
 * One connection's parser of request heads: node:http's own (llhttp, strict, with the server's header limit), fed one
 * whole head at a time.
 */
export class RequestHeadParser {
  /** Whether this Node exports node:http's parser (`_http_common`, an undocumented module). */
  static get available(): boolean {
    return nodeParser !== undefined;
  }

  private readonly parser: HttpParser;
  private parsed: RequestHead | undefined;
  private complete = false;
  /** Headers and URL the parser hands over in parts (more than 32 headers) before the head is complete. */
  private pendingHeaders: string[] = [];
  private pendingUrl = '';

  constructor(maxHeaderSize: number) {
    if (!nodeParser) throw new Error("this Node does not export node:http's parser");
    const { HTTPParser, methods } = nodeParser;
    this.parser = new HTTPParser();
    this.parser.initialize(HTTPParser.REQUEST, {}, maxHeaderSize, HTTPParser.kLenientNone);
    this.parser[HTTPParser.kOnHeaders] = (headers: string[], url: string) => {
      this.pendingHeaders.push(...headers);
      this.pendingUrl += url;
    };
    this.parser[HTTPParser.kOnHeadersComplete] = (
      _major: number,
      minor: number,
      headers: string[] | undefined,
      method: number,
      url: string | undefined,
      _status: unknown,
      _message: unknown,
      upgrade: boolean,
      keepAlive: boolean,
    ) => {
      const rawHeaders = headers
        ? this.pendingHeaders.length > 0
          ? [...this.pendingHeaders, ...headers]
          : headers
        : this.pendingHeaders;
      this.parsed = {
        method: methods[method] ?? '',
        url: url ?? this.pendingUrl,
        rawHeaders,
        minor,
        keepAlive,
        upgrade,
      };
      this.pendingHeaders = [];
      this.pendingUrl = '';
      return 0;
    };
    this.parser[HTTPParser.kOnBody] = () => undefined;
    this.parser[HTTPParser.kOnMessageComplete] = () => {
      this.complete = true;
    };
    this.parser[HTTPParser.kOnExecute] = () => undefined;
  }

  /**
   * The request whose whole head (up to and with its blank line) `head` is; undefined when it is not a whole request
   * that ends with its head: the parser refused it, left bytes over, or waits for a body.
   */
  parse(head: Buffer): RequestHead | undefined {
    this.parsed = undefined;
    this.complete = false;
    const parsedBytes = this.parser.execute(head);
    // The callbacks above ran inside execute.
    const parsed = this.parsed as RequestHead | undefined;
    return parsedBytes === head.length && this.complete ? parsed : undefined;
  }

  close(): void {
    this.parser.close();
  }
}
