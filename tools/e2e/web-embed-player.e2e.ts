/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { episodeMessages, type Episode, type Podcast } from '@castbase/contracts';
import { freePort, waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import type { ApiClient } from './support/api-client.js';
import { renderJourneyMedia } from './support/episode-editor-journey.js';
import { apiOfDevice } from './support/episode-seed.js';
import { createAndPublishEpisode, uploadMp3 } from './support/publish-flow.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signedUpCreator, type DeviceStorage } from './support/web-journey.js';

// The embeddable player in a real browser against the all-in-one process: the Embed action of a published episode
// copies its iframe code, a page of another origin that pastes the code shows the player at 280 to 800 px and plays
// the real MP3 in it through the enclosure redirect (`/e/...?src=embed`) and reports the listening with a start beacon,
// and /embed/audio without a query shows its defaults. Set E2E_SCREENSHOT_DIR to keep screenshots.

const JOURNEY_TIMEOUT_MS = 240_000;
/** The widths a host page gives the 100%-wide frame. */
const HOST_WIDTHS = [280, 480, 800] as const;

describe('the embeddable player', () => {
  let app: WebAppUnderTest;
  let device: DeviceStorage;
  let podcast: Podcast;
  let published: Episode;
  let draft: Episode;
  let files: string;
  let context: BrowserContext;
  let page: Page;
  let host: { server: Server; url: string };
  /** What the other site's page holds. */
  let hostHtml = '';

  beforeAll(async () => {
    app = await startWebAppUnderTest('webembedplayer');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Signal Hour']);
    device = creator.storageState;
    podcast = creator.podcasts[0]!;
    files = await mkdtemp(join(tmpdir(), 'castbase-embed-'));
    const media = await renderJourneyMedia(files);
    const api: ApiClient = apiOfDevice(device, app.running.url);
    const audio = await uploadMp3(api, media.firstMp3, 'first-light.mp3');
    published = await createAndPublishEpisode(api, podcast, audio, 'First Light & "Friends"');
    draft = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, { title: 'Still a draft' });
    host = await startHostPage();
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await new Promise((resolve) => host?.server.close(resolve));
    await app?.stop();
    if (files) await rm(files, { recursive: true, force: true });
  }, JOURNEY_TIMEOUT_MS);

  beforeEach(async () => {
    context = await app.browser.newContext({
      storageState: device,
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  });

  afterEach(async () => {
    await context?.close();
  });

  /** A server on another origin (127.0.0.1, not localhost) whose one page is the last blog post the test wrote. */
  async function startHostPage(): Promise<{ server: Server; url: string }> {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(hostHtml);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${port}/blog-post` };
  }

  /** A blog post of another site with the pasted code in boxes 280, 480 and 800 px wide. */
  const blogPostWith = (code: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head>
     <body style="margin:16px;font-family:sans-serif"><h1>Listen to this week's episode</h1>
     ${HOST_WIDTHS.map((width) => `<div data-width="${width}" style="width:${width}px;margin-bottom:16px">${code}</div>`).join('\n')}
     </body></html>`;

  const playerFrames = async (): Promise<Frame[]> =>
    waitFor('the three player frames to load', async () => {
      const frames = page
        .frames()
        .filter((frame) => frame.url().startsWith(`${app.running.url}/embed/audio`));
      if (frames.length < HOST_WIDTHS.length) return undefined;
      for (const frame of frames) {
        if ((await frame.locator('audio').count()) === 0) return undefined;
      }
      return frames;
    });

  it(
    'Embed copies the iframe code of a published episode, and a page of another site that pastes it plays the episode',
    async () => {
      await page.goto(`${app.running.url}/p/${podcast.id}/episodes`);
      await page.getByRole('heading', { level: 1, name: 'All Episodes' }).waitFor();

      // A draft has no public audio yet: nothing to embed.
      await page.getByRole('button', { name: `Actions for ${draft.title}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Embed' }).count()).toBe(0);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: `Actions for ${published.title}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Embed' }).click();
      const dialog = page.getByRole('dialog', { name: 'Embed Episode' });
      await dialog.getByRole('button', { name: episodeMessages.copied }).waitFor();
      const code = await dialog.getByRole('textbox', { name: 'Embed code' }).inputValue();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      expect(code).toMatch(
        new RegExp(
          `^<iframe src="${app.running.url}/embed/audio\\?title=[^"]+" width="100%" height="130" frameborder="0" ` +
            'loading="lazy" title="First Light &amp; &quot;Friends&quot;" allow="autoplay"></iframe>$',
        ),
      );
      const previewFrame = dialog.locator('iframe');
      expect(await previewFrame.getAttribute('title')).toBe(
        `Preview of the embedded player: ${published.title}`,
      );
      const preview = previewFrame.contentFrame();
      await preview.getByText(published.title, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Copy embed code' }).waitFor({ timeout: 5_000 });
      await expectAccessibleInBothThemes(page, 'the Embed Episode modal');
      await screenshotInBothThemes(dialog, 'embed-modal');
      await page.keyboard.press('Escape');

      // The embed plays the episode's enclosure URL: the player knows the episode its beacons are for.
      const embedded = new URL(/src="([^"]+)"/.exec(code)![1]!.replaceAll('&amp;', '&'));
      const enclosure = new URL(embedded.searchParams.get('url')!);
      expect(`${enclosure.origin}${enclosure.pathname}`).toBe(
        `${app.running.url}/e/${podcast.id}/${published.id}/${enclosure.pathname.split('/').pop()}`,
      );
      expect(enclosure.searchParams.get('src')).toBe('embed');

      const mediaRequests: string[] = [];
      page.on('request', (request) => {
        if (
          ['media', 'other'].includes(request.resourceType()) &&
          new URL(request.url()).pathname.startsWith('/e/')
        )
          mediaRequests.push(request.url());
      });
      hostHtml = blogPostWith(code);
      await page.goto(host.url);
      const frames = await playerFrames();
      for (const [index, frame] of frames.entries()) {
        await frame.getByText(published.title, { exact: true }).waitFor();
        const layout = await frame.evaluate(() => ({
          width: window.innerWidth,
          height: window.innerHeight,
          overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          overflowY: document.documentElement.scrollHeight - document.documentElement.clientHeight,
          preload: document.querySelector('audio')?.preload,
          poweredBy: document.querySelector<HTMLAnchorElement>('a[href]')?.href,
        }));
        // Each frame fills its box, 130 px tall, with nothing cut off or scrolling.
        expect(layout).toEqual({
          width: HOST_WIDTHS[index],
          height: 130,
          overflowX: 0,
          overflowY: 0,
          preload: 'none',
          poweredBy: `${app.running.url}/`,
        });
      }
      await screenshotPage(page, 'embed-host-page');

      // Pressing play in the 480 px player plays the real MP3 across origins.
      const player = frames[1]!;
      const audio = player.locator('audio');
      const box = await audio.boundingBox();
      if (!box) throw new Error('The audio control is not on screen');
      await page.mouse.click(box.x + 18, box.y + box.height / 2);
      const playing = await waitFor(
        'the embedded audio to play',
        async () => {
          const state = await audio.evaluate((element: HTMLAudioElement) => ({
            readyState: element.readyState,
            currentTime: element.currentTime,
            error: element.error?.message ?? null,
          }));
          if (state.error) throw new Error(`The audio failed: ${state.error}`);
          return state.readyState >= 2 && state.currentTime > 0 ? state : undefined;
        },
        { timeoutMs: 20_000, intervalMs: 100 },
      );
      expect(playing.currentTime).toBeGreaterThan(0);

      // Nothing was fetched before play (preload="none"), and the audio came through the redirect, counted from the
      // embed; the start beacon went to /e/beacons across origins and is stored as the player's session.
      const played = mediaRequests.map((url) => new URL(url));
      expect(played.length).toBeGreaterThan(0);
      for (const url of played) {
        expect(url.pathname).toMatch(new RegExp(`^/e/${podcast.id}/${published.id}/[^/]+$`));
        expect(url.searchParams.get('src')).toBe('embed');
      }
      const db = new pg.Client({ connectionString: app.running.config.DATABASE_URL });
      await db.connect();
      try {
        const session = await waitFor(
          'the start beacon to be stored',
          async () =>
            (
              await db.query<{ player: string; podcast_id: string; ended_at: Date | null }>(
                'select player, podcast_id, ended_at from analytics.listening_sessions where episode_id = $1',
                [published.id],
              )
            ).rows[0],
          { timeoutMs: 20_000, intervalMs: 100 },
        );
        expect(session).toEqual({ player: 'embed', podcast_id: podcast.id, ended_at: null });
        const downloads = await db.query<{ source: string | null }>(
          'select source from analytics.download_requests where episode_id = $1',
          [published.id],
        );
        expect(downloads.rows.length).toBeGreaterThan(0);
        expect(new Set(downloads.rows.map((row) => row.source))).toEqual(new Set(['embed']));
      } finally {
        await db.end();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows its defaults with no query: the title 'Episode', the microphone placeholder, no audio and a Powered by link",
    async () => {
      await page.goto(`${app.running.url}/embed/audio`);
      const main = page.getByRole('main');
      await main.getByText('Episode', { exact: true }).waitFor();
      await main.getByText('No audio to play.').waitFor();
      expect(await page.locator('audio').count()).toBe(0);
      expect(await main.locator('svg').count()).toBe(1);
      expect(await page.title()).toBe('Episode · Castbase');
      const poweredBy = main.getByRole('link', { name: 'Castbase' });
      expect(await poweredBy.getAttribute('href')).toBe(app.running.url);
      // The default link colour, #111111, as given on the light background.
      expect(await poweredBy.evaluate((link) => getComputedStyle(link).color)).toBe('rgb(17, 17, 17)');
      await expectAccessibleInBothThemes(page, 'the embed player without a query');
      await page.setViewportSize({ width: 480, height: 130 });
      await screenshotInBothThemes(main, 'embed-defaults');

      // A colour that cannot be read on the background is darkened until it can; an unsafe URL is not played.
      await page.goto(
        `${app.running.url}/embed/audio?title=${encodeURIComponent('Bright')}&color=ffff00&url=javascript:alert(1)`,
      );
      await main.getByText('Bright', { exact: true }).waitFor();
      await main.getByText('No audio to play.').waitFor();
      expect(
        await main.getByRole('link', { name: 'Castbase' }).evaluate((l) => getComputedStyle(l).color),
      ).not.toBe('rgb(255, 255, 0)');
      await expectAccessibleInBothThemes(page, 'the embed player with a light link colour');
    },
    JOURNEY_TIMEOUT_MS,
  );
});

/** When E2E_SCREENSHOT_DIR is set, saves the whole page there as `<name>.png`. */
async function screenshotPage(page: Page, name: string): Promise<void> {
  const directory = process.env['E2E_SCREENSHOT_DIR'];
  if (directory) await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}
