/// <reference lib="dom" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { feedImportMessages, type Podcast } from '@castbase/contracts';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { oldEpisodes, startOldHost, type OldHost } from './support/old-host.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signedUpCreator } from './support/web-journey.js';

// The Import a Podcast screen in a real browser against the all-in-one process: the feed's address (checked in the
// form, then by the server), the preview, the confirmation, each episode's copy with the one the old host lost, the
// redirect instructions with the new feed's address to copy, and a re-run that finds nothing new.

const JOURNEY_TIMEOUT_MS = 240_000;

describe('importing a podcast in the web app', () => {
  let app: WebAppUnderTest;
  let oldHost: OldHost;
  let files: string;
  let first: Podcast;
  let context: BrowserContext;
  let page: Page;
  let feedUrl: string;

  const url = (path: string) => `${app.running.url}${path}`;
  const feedField = () => page.getByRole('textbox', { name: 'Feed address' });

  beforeAll(async () => {
    files = await mkdtemp(join(tmpdir(), 'castbase-web-import-'));
    oldHost = await startOldHost(files);
    const episodes = oldEpisodes(5);
    episodes[2]!.file = 'missing';
    feedUrl = oldHost.publish('garage-radio', { title: 'Garage Radio', episodes });
    oldHost.publishRaw('broken', '<rss version="2.0"><channel><title>Broken</channel>');
    app = await startWebAppUnderTest('webimport', { FEED_FETCH_ALLOW_PRIVATE: 'true' });
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals']);
    first = creator.podcasts[0] as Podcast;
    context = await app.browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      storageState: creator.storageState,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
    await oldHost?.close();
    if (files) await rm(files, { recursive: true, force: true });
  }, JOURNEY_TIMEOUT_MS);

  it(
    'opens from the Podcasts page, and checks the address in the form and on the server with the messages of contracts',
    async () => {
      await page.goto(url(`/p/${first.id}/podcasts`));
      await page.getByRole('link', { name: 'Import Podcast' }).click();
      await page.waitForURL(url('/import'));
      await feedField().waitFor();
      await expectAccessibleInBothThemes(page, 'the empty Import a Podcast screen');
      await screenshotInBothThemes(page.getByRole('main'), 'podcast-import-empty');

      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByText(feedImportMessages.urlRequired).waitFor();
      await feedField().fill('ftp://old-host.example/feed.xml');
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByText(feedImportMessages.urlInvalid).waitFor();
      expect(await feedField().getAttribute('aria-invalid')).toBe('true');
      await expectAccessibleInBothThemes(page, 'the form with an address that is not http(s)');

      await feedField().fill(`${oldHost.url}/broken.xml`);
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByText(feedImportMessages.notXml).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'previews the feed, imports it, shows each episode’s copy (one the old host lost stays a draft with why) and how to redirect the old feed',
    async () => {
      await feedField().fill(feedUrl);
      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('region', { name: 'Garage Radio' });
      await preview.waitFor();
      expect(await preview.getByText('5 episodes').isVisible()).toBe(true);
      expect(await preview.getByText('by Marconi Jones').isVisible()).toBe(true);
      expect(await preview.getByRole('img', { name: 'Artwork of Garage Radio' }).isVisible()).toBe(true);
      await expectAccessibleInBothThemes(page, 'the preview of the feed');
      await screenshotInBothThemes(page.getByRole('main'), 'podcast-import-preview');

      await page.getByRole('button', { name: 'Import podcast' }).click();
      await page.waitForURL(/\/import\?podcast=/);
      const podcastId = new URL(page.url()).searchParams.get('podcast')!;
      await page.getByText('Done: 4 of 5 episodes published').waitFor({ timeout: 120_000 });
      expect(await page.getByRole('link', { name: 'Go to podcast' }).getAttribute('href')).toBe(
        `/p/${podcastId}/dashboard`,
      );
      const lost = page.getByRole('row', { name: /Episode 3: the odd one/ });
      expect(await lost.getByText('The remote server answered with an error').isVisible()).toBe(true);
      expect(await lost.getByText('Not copied').isVisible()).toBe(true);
      expect(
        await page
          .getByRole('row', { name: /Episode 5: the odd one/ })
          .getByText('Published')
          .isVisible(),
      ).toBe(true);

      const newFeed = await page
        .getByRole('textbox', { name: feedImportMessages.newFeedUrlLabel })
        .inputValue();
      expect(newFeed.startsWith(`${app.running.url}/feeds/`)).toBe(true);
      const served = await fetch(newFeed);
      expect(served.status).toBe(200);
      expect(await page.getByRole('textbox', { name: feedImportMessages.oldFeedUrlLabel }).inputValue()).toBe(
        feedUrl,
      );
      for (const step of feedImportMessages.redirectSteps)
        expect(await page.getByText(step).isVisible()).toBe(true);
      await page.getByRole('button', { name: `Copy ${feedImportMessages.newFeedUrlLabel}` }).click();
      await page.getByRole('button', { name: `${feedImportMessages.newFeedUrlLabel} copied` }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newFeed);
      await expectAccessibleInBothThemes(page, 'the finished import');
      await screenshotInBothThemes(page.getByRole('main'), 'podcast-import-done');

      await page.getByRole('button', { name: 'Import new episodes' }).click();
      await page.getByText(feedImportMessages.added(0)).waitFor();
      await expectAccessibleInBothThemes(page, 'the import after a re-run');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
