import type { IncomingMessage, ServerResponse } from 'node:http';

/** The Express request as the routes use it: `ip` honours the process's trust proxy setting. */
export type HttpRequest = IncomingMessage & { ip?: string };

export interface Route {
  req: HttpRequest;
  res: ServerResponse;
  params: Record<string, string>;
}

type Handler = (route: Route) => Promise<void>;

const FORM_LIMIT_BYTES = 16 * 1024;

export class FormTooLargeError extends Error {}

/** A tiny router for the provider's own pages; what it does not match falls through to oidc-provider. */
export class RouteTable {
  private readonly routes: Array<{ method: string; pattern: RegExp; names: string[]; handler: Handler }> = [];

  add(method: 'GET' | 'POST', path: string, handler: Handler): void {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), names, handler });
  }

  /** Runs the matching route; false when none matches. */
  async dispatch(req: HttpRequest, res: ServerResponse): Promise<boolean> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    for (const { method, pattern, names, handler } of this.routes) {
      const match = pattern.exec(path);
      if (!match || (req.method !== method && !(method === 'GET' && req.method === 'HEAD'))) continue;
      const params = Object.fromEntries(
        names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
      );
      await handler({ req, res, params });
      return true;
    }
    return false;
  }
}

export function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(body);
}

export function sendAsset(res: ServerResponse, contentType: string, body: string): void {
  res.statusCode = 200;
  res.setHeader('content-type', `${contentType}; charset=utf-8`);
  res.setHeader('cache-control', 'public, max-age=3600');
  res.end(body);
}

export function redirect(res: ServerResponse, location: string): void {
  res.statusCode = 303;
  res.setHeader('location', location);
  res.end();
}

/** The urlencoded form a page posted, parsed here: no body parser runs before the provider's pages. */
export async function readForm(req: HttpRequest): Promise<Record<string, string>> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return {};
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT_BYTES) throw new FormTooLargeError('form too large');
    chunks.push(chunk as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export function clientIp(req: HttpRequest): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
