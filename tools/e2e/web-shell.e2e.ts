/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

// The web app in a real browser: landing page, theme, route guard and the dashboard shell.

const webDist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const ACCESS_TOKEN_KEY = 'castbase.accessToken';

interface WebServer {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * Where the app under test is served. For now: the built app (apps/web/dist) from a small static server with the
 * SPA fallback; calls to the gateway's paths answer 404 as there is no gateway behind it.
 */
async function startWebServer(): Promise<WebServer> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`No built web app in ${webDist}: run \`npm run build -w @castbase/web\` first`);
  }
  const contentTypes: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.json': 'application/json',
    '.woff2': 'font/woff2',
  };
  const gatewayPath = /^\/(api|feeds|e|storage|oidc)(\/|$)/;

  const server = createServer((request, response) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400);
      response.end();
      return;
    }
    if (gatewayPath.test(path)) {
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 'NOT_FOUND', message: 'Not found' }));
      return;
    }
    const candidate = normalize(join(webDist, path));
    const file =
      candidate.startsWith(webDist) && !candidate.endsWith(sep) ? candidate : join(webDist, 'index.html');
    void serveFile(file).then(
      ({ body, type }) => {
        response.writeHead(200, { 'Content-Type': type });
        response.end(body);
      },
      () => {
        response.writeHead(500);
        response.end();
      },
    );
  });

  async function serveFile(file: string): Promise<{ body: Buffer; type: string }> {
    const found = await stat(file).then(
      (info) => info.isFile(),
      () => false,
    );
    const served = found ? file : join(webDist, 'index.html');
    return {
      body: await readFile(served),
      type: contentTypes[extname(served)] ?? 'application/octet-stream',
    };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A JWT-shaped token with readable claims; the app only decodes it, the gateway is what verifies tokens. */
function unsignedAccessToken(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

describe('web app shell', () => {
  let web: WebServer;
  let profileDir: string;
  let browser: BrowserContext;

  beforeAll(async () => {
    web = await startWebServer();
    profileDir = await mkdtemp(join(tmpdir(), 'castbase-web-e2e-'));
    browser = await chromium.launchPersistentContext(profileDir, {
      executablePath: '/usr/bin/chromium',
      headless: true,
      colorScheme: 'light',
      viewport: { width: 1280, height: 860 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await web?.close();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  });

  /** A fresh tab on the landing page with nothing kept from earlier tests. */
  async function openLandingPage(): Promise<Page> {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${web.baseUrl}/`);
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await page.reload();
    return page;
  }

  function colorSchemeOf(page: Page): Promise<string | null> {
    return page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
  }

  function waitForColorScheme(page: Page, scheme: 'light' | 'dark') {
    return page.waitForFunction(
      (expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected,
      scheme,
    );
  }

  async function chooseTheme(page: Page, choice: 'Light' | 'Dark' | 'System') {
    await page.getByRole('button', { name: 'Switch theme' }).click();
    await page.getByRole('menuitemradio', { name: choice }).click();
  }

  it("shows a signed-out visitor the hero 'Launch Your Podcast to the World', six features and 44px Sign In / Get Started", async () => {
    const page = await openLandingPage();

    await page.getByRole('heading', { level: 1, name: 'Launch Your Podcast to the World' }).waitFor();
    expect(await page.title()).toBe('Castbase');
    expect(await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('article').count()).toBe(6);
    const signInBox = await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).boundingBox();
    expect(signInBox?.height).toBeGreaterThanOrEqual(44);
    await page.close();
  });

  it('switches to the dark theme from the top bar and keeps it on the device after a reload', async () => {
    const page = await openLandingPage();
    await waitForColorScheme(page, 'light');

    await chooseTheme(page, 'Dark');
    await waitForColorScheme(page, 'dark');
    expect(await page.evaluate(() => window.localStorage.getItem('castbase.colorScheme'))).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Launch Your Podcast to the World' }).waitFor();
    expect(await colorSchemeOf(page)).toBe('dark');
    await page.close();
  });

  it('follows the operating system live when the System theme is chosen', async () => {
    const page = await openLandingPage();
    await chooseTheme(page, 'Dark');
    await waitForColorScheme(page, 'dark');

    await chooseTheme(page, 'System');
    await waitForColorScheme(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await waitForColorScheme(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await waitForColorScheme(page, 'light');
    await page.close();
  });

  it('sends a signed-out visitor of /p/abc/dashboard to the landing page', async () => {
    const page = await openLandingPage();

    await page.goto(`${web.baseUrl}/p/abc/dashboard`);
    await page.waitForURL(`${web.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Launch Your Podcast to the World' }).waitFor();
    await page.close();
  });

  it("shows a signed-in user the shell's eight sections, their e-mail and '0 podcasts' when the list cannot be loaded", async () => {
    const page = await openLandingPage();
    const accessToken = unsignedAccessToken({
      sub: 'user-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    await page.evaluate(
      ([key, token]) => window.sessionStorage.setItem(key, token),
      [ACCESS_TOKEN_KEY, accessToken],
    );

    await page.goto(`${web.baseUrl}/p/abc/dashboard`);
    const sections = page.getByRole('navigation', { name: 'Podcast sections' }).getByRole('link');
    await page.getByText('0 podcasts').first().waitFor();

    expect(await sections.allInnerTexts()).toEqual([
      'Overview',
      'Episodes',
      'Videos',
      'Monetization',
      'Analytics',
      'Podcasts',
      'Transcribe & Edit',
      'Settings',
    ]);
    expect(await sections.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/p/abc/dashboard',
      '/p/abc/episodes',
      '/p/abc/videos',
      '/p/abc/monetization',
      '/p/abc/analytics',
      '/p/abc/podcasts',
      '/p/abc/ai/transcribe-edit',
      '/p/abc/settings',
    ]);
    expect(await page.getByText('ada@example.com').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: 'Overview' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('lastUsedPodcastId'))).toBe('abc');
    await page.close();
  });
});
