/// <reference lib="dom" />
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { directoryMessages, type Episode, type Podcast } from '@castbase/contracts';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { insertEpisodeCopies } from './support/episode-copies.js';
import { apiOfDevice } from './support/episode-seed.js';
import { createAndPublishEpisode, uploadMp3 } from './support/publish-flow.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, signUp, solidPng, type DeviceStorage } from './support/web-journey.js';

// Directory readiness in the RSS widget's Directories tab, in a real browser against the all-in-one process: a new
// podcast (no artwork, no episode, no host name) is ready nowhere; the creator fixes the host name and the artwork
// through the requirement checker's links, publishes an episode, submits to Podcast Index (the new tab opens
// podcastindex.org/add, answered here, never by the internet), finds 'Submitted' after a reload, and records that
// Podcast Index approved the podcast.

const JOURNEY_TIMEOUT_MS = 240_000;
const NAME = 'Harbour Lights';

describe('directory readiness in the web app', () => {
  let app: WebAppUnderTest;
  let podcast: Podcast;
  let storage: DeviceStorage;
  /** The published episode, copied for the many episodes of the notice test. */
  let pilot: Episode;
  let context: BrowserContext;
  let page: Page;
  /** Every address outside the app the browser asked for, answered with a stub page here. */
  const outside: string[] = [];

  const url = (path: string) => `${app.running.url}${path}`;
  const panel = () => page.getByRole('region', { name: directoryMessages.title });
  const card = (name: string) => panel().getByRole('article', { name });
  const counter = (label: string) =>
    panel()
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::dd');

  async function openDirectoriesTab() {
    await page.goto(url(`/p/${podcast.id}/settings/rss`));
    const tab = page.getByRole('tab', { name: 'Directories' });
    await waitFor('the Directories tab to be enabled', async () => (await tab.isEnabled()) || undefined);
    await tab.click();
    await card('YouTube Music').waitFor();
  }

  async function isFocused(field: Locator): Promise<boolean> {
    return field.evaluate((element) => element === document.activeElement);
  }

  beforeAll(async () => {
    app = await startWebAppUnderTest('webdirectories');
    const creator = await signedUpCreator(app.browser, app.running.url, [NAME]);
    podcast = creator.podcasts[0] as Podcast;
    storage = creator.storageState;
    context = await app.browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      storageState: storage,
    });
    const appOrigin = new URL(app.running.url).origin;
    await context.route(
      (address) => address.origin !== appOrigin,
      async (route) => {
        outside.push(route.request().url());
        await route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<!doctype html><title>Directory</title>',
        });
      },
    );
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    'shows a new podcast as ready nowhere: issue counts, Not Ready, the counters and the compact requirement checker',
    async () => {
      await openDirectoriesTab();
      await card('Podcast Index').getByText('2 issues').waitFor();
      expect(await card('Apple Podcasts').getByText('3 issues').count()).toBe(1);
      for (const name of ['Podcast Index', 'Apple Podcasts', 'Spotify', 'Amazon Music', 'YouTube Music']) {
        expect(await card(name).getByRole('button', { name: 'Not Ready' }).isDisabled()).toBe(true);
        expect(await card(name).getByLabel('Status: Not submitted').count()).toBe(1);
      }
      expect(await counter('Approved').textContent()).toBe('0');
      expect(await counter('Under Review').textContent()).toBe('0');
      expect(await counter('Ready to Submit').textContent()).toBe('0');

      // The tooltip of the issue count lists the issues.
      await card('Apple Podcasts').getByText('3 issues').hover();
      const tooltip = page.getByRole('tooltip');
      await tooltip.getByText('Complete podcast metadata').waitFor();
      expect(await tooltip.getByRole('listitem').allTextContents()).toEqual([
        'Upload podcast artwork (1400x1400 minimum)',
        'Publish at least one episode',
        'Complete podcast metadata',
      ]);
      await page.mouse.move(0, 0);
      await tooltip.waitFor({ state: 'hidden' });

      const checker = panel().getByRole('list', { name: 'Requirements' });
      expect(await checker.getByRole('listitem').count()).toBe(2);
      const more = panel().getByRole('button', { name: /^\+\d+ more$/ });
      const hidden = Number((await more.textContent())?.match(/\d+/)?.[0]);
      expect(hidden).toBeGreaterThan(0);
      await expectAccessibleInBothThemes(page, 'the Directories tab of a new podcast');
      await screenshotInBothThemes(panel(), 'directories-new-podcast');

      await more.click();
      expect(await checker.getByRole('listitem').count()).toBe(2 + hidden);
      expect(await checker.getByText('Publish at least one episode').count()).toBe(1);
      await screenshotInBothThemes(
        panel().getByRole('list', { name: 'Requirements' }),
        'directories-checker-expanded',
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "fixes the host name and the artwork through the checker's links, which open the settings field",
    async () => {
      await openDirectoriesTab();
      await panel()
        .getByRole('button', { name: /^\+\d+ more$/ })
        .click();
      await panel().getByRole('link', { name: 'Fix: Complete podcast metadata' }).click();
      await page.waitForURL(url(`/p/${podcast.id}/settings/podcast`));
      const host = page.getByLabel('Host name');
      await waitFor('the Host name field to have focus', async () => (await isFocused(host)) || undefined);

      // Saving needs every field Apple requires, the album art too: the art's link comes next, and one Save fixes both.
      await openDirectoriesTab();
      await panel().getByRole('link', { name: 'Fix: Upload podcast artwork (1400x1400 minimum)' }).click();
      await page.waitForURL(url(`/p/${podcast.id}/settings/podcast`));
      const artwork = page.locator(
        'form[aria-label="Podcast settings"] input[aria-label="Album art"] + button',
      );
      await waitFor('the album art field to have focus', async () => (await isFocused(artwork)) || undefined);
      const folder = await mkdtemp(join(tmpdir(), 'castbase-directories-'));
      const artPath = join(folder, 'art.png');
      await writeFile(artPath, solidPng(1400, 1400));
      await page.getByLabel('Album art').setInputFiles(artPath);
      await page.getByRole('img', { name: 'Album art' }).waitFor({ timeout: 120_000 });
      await page.getByLabel('Host name').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Podcast settings saved').waitFor();

      await openDirectoriesTab();
      await card('Podcast Index').getByText('1 issue').waitFor();
      expect(await card('Apple Podcasts').getByText('1 issue').count()).toBe(1);
      // The one issue left is the episode: the card offers Upload Episode.
      expect(await card('Podcast Index').getByRole('link', { name: 'Upload Episode' }).count()).toBe(1);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'submits to Podcast Index once an episode is published: the site opens in a new tab and Submitted is kept',
    async () => {
      const api = apiOfDevice(storage, app.running.url);
      const folder = await mkdtemp(join(tmpdir(), 'castbase-directories-'));
      await renderToneMp3(resolveFfmpegBinaries(), join(folder, 'tone.mp3'), 3);
      const audio = await uploadMp3(api, join(folder, 'tone.mp3'), 'tone.mp3');
      pilot = await createAndPublishEpisode(api, podcast, audio, 'Pilot');

      await openDirectoriesTab();
      await card('Podcast Index').getByText('Ready', { exact: true }).waitFor();
      expect(await counter('Ready to Submit').textContent()).toBe('5');
      expect(await panel().getByText('Every requirement is met').count()).toBe(1);
      await expectAccessibleInBothThemes(page, 'the Directories tab of a podcast ready everywhere');
      await screenshotInBothThemes(panel(), 'directories-ready');

      const [directoryTab] = await Promise.all([
        context.waitForEvent('page'),
        card('Podcast Index')
          .getByRole('link', { name: /^Submit →/ })
          .click(),
      ]);
      await directoryTab.waitForLoadState();
      expect(directoryTab.url()).toBe('https://podcastindex.org/add');
      expect(outside).toContain('https://podcastindex.org/add');
      await directoryTab.close();
      await page.getByText('Submission to Podcast Index recorded').waitFor();

      await page.reload();
      await openDirectoriesTab();
      expect(await card('Podcast Index').getByLabel('Status: Submitted').count()).toBe(1);
      expect(
        await card('Podcast Index')
          .getByText(/^Submitted [A-Z][a-z]{2} \d{1,2}, \d{4}$/)
          .count(),
      ).toBe(1);
      expect(await counter('Under Review').textContent()).toBe('1');
      expect(await counter('Ready to Submit').textContent()).toBe('4');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "records Podcast Index's approval: the card shows ✓ Approved, disabled, and the Approved counter counts it",
    async () => {
      await openDirectoriesTab();
      await card('Podcast Index').getByRole('button', { name: 'Record answer: Podcast Index' }).click();
      const dialog = page.getByRole('dialog', { name: 'What did Podcast Index answer?' });
      await dialog.getByRole('radio', { name: 'Under review' }).waitFor();
      await expectAccessibleInBothThemes(page, "the dialog recording a directory's answer");
      await screenshotInBothThemes(dialog, 'directories-record-answer');
      await dialog.getByRole('radio', { name: 'Approved' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Podcast Index: Approved').waitFor();

      await page.reload();
      await openDirectoriesTab();
      const approved = card('Podcast Index').getByRole('button', { name: '✓ Approved' });
      expect(await approved.isDisabled()).toBe(true);
      expect(await card('Podcast Index').getByLabel('Status: Approved').count()).toBe(1);
      expect(await counter('Approved').textContent()).toBe('1');
      expect(await counter('Under Review').textContent()).toBe('0');
      await expectAccessibleInBothThemes(page, 'the Directories tab with an approved directory');
      await screenshotInBothThemes(panel(), 'directories-approved');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "answers another user's requests for the podcast's directories with 404, and a bad directory or answer with 400",
    async () => {
      const strangerContext = await app.browser.newContext({ colorScheme: 'light' });
      try {
        const stranger = await strangerContext.newPage();
        await signUp(stranger, app.running.url, 'stranger@example.com');
        await stranger.waitForURL(`${app.running.url}/onboarding?mode=profile-creation`);
        const theirs = await browserApi(stranger, app.running.url);
        const base = `/api/podcasts/${podcast.id}/directories`;
        for (const [method, path, body] of [
          ['GET', base, undefined],
          ['POST', `${base}/spotify/submission`, undefined],
          ['PUT', `${base}/spotify/status`, { status: 'approved' }],
        ] as const) {
          const answer = await theirs.call<{ code: string }>(method, path, body);
          expect([method, answer.status, answer.body.code]).toEqual([method, 404, 'PODCAST_NOT_FOUND']);
        }

        const owners = apiOfDevice(storage, app.running.url);
        expect((await owners.call('POST', `${base}/myspace/submission`)).status).toBe(400);
        expect((await owners.call('PUT', `${base}/spotify/status`, { status: 'submitted' })).status).toBe(
          400,
        );
        const listed = await owners.ok<{ items: Array<{ id: string; status: string }> }>('GET', base);
        expect(listed.items.find((item) => item.id === 'spotify')?.status).toBe('not_submitted');
      } finally {
        await strangerContext.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'warns that the feed approaches its 300-episode limit above 250 published episodes',
    async () => {
      // One episode is published already: 250 copies of it make 251, written to the catalog in one statement, then
      // the feeds are generated again (Regenerate RSS's request), counting them.
      const titles = Array.from({ length: 250 }, (_, index) => `Archive ${index + 1}`);
      await insertEpisodeCopies(app.database, pilot.id, titles);
      await apiOfDevice(storage, app.running.url).ok('POST', `/api/podcasts/${podcast.id}/feed`);

      await openDirectoriesTab();
      const notice = panel().getByRole('alert').filter({ hasText: 'Approaching the 300-episode feed limit' });
      await notice.getByText(/^251 of 300 episodes are in your main feed\./).waitFor();
      await expectAccessibleInBothThemes(page, 'the Directories tab near the 300-episode limit');
      await screenshotInBothThemes(notice, 'directories-approaching-limit');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
