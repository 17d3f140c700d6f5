/** A response as a test reads it. */
export interface BrowserResponse {
  url: string;
  status: number;
  location: string | null;
  body: string;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * Just enough of a browser for the sign-in pages: a cookie jar (path-scoped, as oidc-provider scopes its
 * interaction cookies), manual redirects, urlencoded form posts, and optional extra headers (e.g. the client
 * address as X-Forwarded-For, which the app trusts from loopback).
 */
export class TestBrowser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(private readonly headers: Record<string, string> = {}) {}

  get(url: string): Promise<BrowserResponse> {
    return this.request('GET', url);
  }

  post(url: string, form: Record<string, string>): Promise<BrowserResponse> {
    return this.request('POST', url, new URLSearchParams(form).toString());
  }

  /** Follows redirects from `response` until one leads to a URL `stop` accepts (returned, not fetched) or a page. */
  async follow(
    response: BrowserResponse,
    stop: (url: string) => boolean = () => false,
  ): Promise<BrowserResponse> {
    let current = response;
    for (let hops = 0; current.location && hops < 10; hops++) {
      const next = new URL(current.location, current.url).href;
      if (stop(next)) return { ...current, location: next };
      current = await this.get(next);
    }
    return current;
  }

  /** Opens `url` and follows its redirects. */
  async open(url: string, stop?: (url: string) => boolean): Promise<BrowserResponse> {
    return this.follow(await this.get(url), stop);
  }

  private async request(method: string, url: string, body?: string): Promise<BrowserResponse> {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        cookie: this.cookieHeader(new URL(url).pathname),
      },
      body,
    });
    for (const header of response.headers.getSetCookie()) this.store(header);
    const location = response.headers.get('location');
    return {
      url,
      status: response.status,
      location: location ? new URL(location, url).href : null,
      body: await response.text(),
    };
  }

  private cookieHeader(path: string): string {
    return [...this.cookies.values()]
      .filter(
        (cookie) =>
          path === cookie.path ||
          path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private store(header: string): void {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const expired =
      value === '' ||
      attributes.some(
        (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now()),
      );
    const key = `${name};${path}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path });
  }
}

/** The text of the page's alert (form-level error), or null. */
export function alertOf(html: string): string | null {
  return /<p class="alert" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
}

/** The inline error shown under a field, or null. */
export function fieldErrorOf(html: string, field: string): string | null {
  return new RegExp(`<p class="field-error" id="field-${field}-error">([^<]*)</p>`).exec(html)?.[1] ?? null;
}

/** The value an input shows, or null. */
export function inputValueOf(html: string, field: string): string | null {
  return new RegExp(`<input\\s+id="field-${field}"[^>]*\\svalue="([^"]*)"`).exec(html)?.[1] ?? null;
}

/** The action of the page's first (or the given index's) form, made absolute. */
export function formActionOf(html: string, pageUrl: string, index = 0): string {
  const actions = [...html.matchAll(/<form[^>]* action="([^"]+)"/g)].map((match) => match[1] ?? '');
  const action = actions[index];
  if (!action) throw new Error(`no form #${index} on ${pageUrl}:\n${html.slice(0, 2000)}`);
  return new URL(action.replaceAll('&amp;', '&'), pageUrl).href;
}

/** Hidden inputs of the page (name → value). */
export function hiddenInputsOf(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((match) => [
      match[1] ?? '',
      match[2] ?? '',
    ]),
  );
}

/** The page's <h1>. */
export function headingOf(html: string): string | null {
  return /<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? null;
}

/** The absolute URL of the page's first link whose path ends with `suffix` (e.g. '/forgot-password'). */
export function linkOf(page: BrowserResponse, suffix: string): string {
  const href = [...page.body.matchAll(/href="([^"]+)"/g)]
    .map((match) => match[1] ?? '')
    .find((candidate) => candidate.endsWith(suffix));
  if (!href) throw new Error(`no link to …${suffix} on ${page.url}`);
  return new URL(href, page.url).href;
}
