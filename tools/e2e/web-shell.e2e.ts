/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import type { Podcast } from '@castbase/contracts';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import {
  colorSchemeOf,
  signedUpCreator,
  waitForColorScheme,
  type DeviceStorage,
} from './support/web-journey.js';

// The built web app in a real browser, served by the real gateway of the all-in-one process: landing page, theme,
// route guard and the dashboard shell over the user's real podcasts.

const HERO_HEADING = 'Launch Your Podcast to the World';

describe('web app served by the gateway', () => {
  let app: WebAppUnderTest;

  beforeAll(async () => {
    app = await startWebAppUnderTest('webshell');
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** A fresh browser context (no storage kept from other tests), light system theme, desktop size. */
  function newContext(): Promise<BrowserContext> {
    return app.browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 860 } });
  }

  async function openPage(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${app.running.url}${path}`);
    return page;
  }

  describe('signed out', () => {
    let context: BrowserContext;

    beforeEach(async () => {
      context = await newContext();
    });

    afterEach(async () => {
      await context?.close();
    });

    async function chooseTheme(page: Page, choice: 'Light' | 'Dark' | 'System') {
      await page.getByRole('button', { name: 'Switch theme' }).click();
      await page.getByRole('menuitemradio', { name: choice }).click();
    }

    it(`shows a visitor the hero '${HERO_HEADING}', six features and 44px Sign In / Get Started`, async () => {
      const page = await openPage(context, '/');

      await page.getByRole('heading', { level: 1, name: HERO_HEADING }).waitFor();
      expect(await page.title()).toBe('Castbase');
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
      expect(await banner.getByRole('button', { name: 'Get Started' }).isVisible()).toBe(true);
      expect(await page.getByRole('article').count()).toBe(6);
      const signInBox = await banner.getByRole('button', { name: 'Sign In' }).boundingBox();
      expect(signInBox?.height).toBeGreaterThanOrEqual(44);
      await expectAccessibleInBothThemes(page, 'the landing page');
    });

    it('switches to the dark theme from the top bar and keeps it on the device after a reload', async () => {
      const page = await openPage(context, '/');
      await waitForColorScheme(page, 'light');

      await page.getByRole('button', { name: 'Switch theme' }).click();
      await page.getByRole('menuitemradio', { name: 'Dark' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the landing page with the theme menu open');
      await page.getByRole('menuitemradio', { name: 'Dark' }).click();
      await waitForColorScheme(page, 'dark');
      expect(await page.evaluate(() => window.localStorage.getItem('castbase.colorScheme'))).toBe('dark');

      await page.reload();
      await page.getByRole('heading', { level: 1, name: HERO_HEADING }).waitFor();
      expect(await colorSchemeOf(page)).toBe('dark');
    });

    it('follows the operating system live when the System theme is chosen', async () => {
      const page = await openPage(context, '/');
      await chooseTheme(page, 'Dark');
      await waitForColorScheme(page, 'dark');

      await chooseTheme(page, 'System');
      await waitForColorScheme(page, 'light');
      await page.emulateMedia({ colorScheme: 'dark' });
      await waitForColorScheme(page, 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await waitForColorScheme(page, 'light');
    });

    it('asks a signed-out visitor of /onboarding to sign in or get started', async () => {
      const page = await openPage(context, '/onboarding?mode=profile-creation');

      await page.getByRole('heading', { level: 1, name: 'Set Up Your Profile' }).waitFor();
      expect(await page.getByRole('main').getByRole('button', { name: 'Get Started' }).isVisible()).toBe(
        true,
      );
      await expectAccessibleInBothThemes(page, 'onboarding for a signed-out visitor');
    });

    it('sends a visitor of /p/abc/dashboard to the landing page', async () => {
      const page = await openPage(context, '/p/abc/dashboard');

      await page.waitForURL(`${app.running.url}/`);
      await page.getByRole('heading', { level: 1, name: HERO_HEADING }).waitFor();
    });
  });

  describe('signed in with two podcasts', () => {
    let storageState: DeviceStorage;
    let first: Podcast;
    let second: Podcast;
    let context: BrowserContext;

    beforeAll(async () => {
      const creator = await signedUpCreator(app.browser, app.running.url, [
        'Morning Signals',
        'Night Shift Radio',
      ]);
      storageState = creator.storageState;
      [first, second] = creator.podcasts as [Podcast, Podcast];
    });

    beforeEach(async () => {
      context = await app.browser.newContext({
        colorScheme: 'light',
        viewport: { width: 1280, height: 860 },
        storageState,
      });
    });

    afterEach(async () => {
      await context?.close();
    });

    it("shows the shell's eight sections, the user's e-mail and '2 podcasts', and switches to the other podcast", async () => {
      const page = await openPage(context, `/p/${first.id}/dashboard`);
      await page.getByText('2 podcasts').first().waitFor();

      const sections = page.getByRole('navigation', { name: 'Podcast sections' }).getByRole('link');
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
      expect(await sections.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
        [
          'dashboard',
          'episodes',
          'videos',
          'monetization',
          'analytics',
          'podcasts',
          'ai/transcribe-edit',
          'settings',
        ].map((segment) => `/p/${first.id}/${segment}`),
      );
      expect(await page.getByText('ada@example.com').isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 1, name: 'Overview' }).isVisible()).toBe(true);
      expect(await page.evaluate(() => window.localStorage.getItem('lastUsedPodcastId'))).toBe(first.id);
      await expectAccessibleInBothThemes(page, 'the dashboard shell');

      expect(
        await page.getByRole('button', { name: 'Switch podcast: Morning Signals 2 podcasts' }).isVisible(),
      ).toBe(true);
      const switcher = page.getByRole('button', { name: /^Switch podcast:/ });
      await switcher.click();
      const firstItem = page.getByRole('menuitem', { name: 'Morning Signals' });
      const secondItem = page.getByRole('menuitem', { name: 'Night Shift Radio' });
      await secondItem.waitFor();
      expect(await firstItem.getByText('(Current)').count()).toBe(1);
      expect(await secondItem.getByText('(Current)').count()).toBe(0);
      await expectAccessibleInBothThemes(page, 'the dashboard shell with the podcast switcher open');

      await secondItem.click();
      await page.waitForURL(`${app.running.url}/p/${second.id}/dashboard`);
      await page.waitForFunction(
        (expected) => window.localStorage.getItem('lastUsedPodcastId') === expected,
        second.id,
      );
      expect(await switcher.innerText()).toContain('Night Shift Radio');
    });

    it("opens the first podcast's dashboard for /p/placeholder/dashboard", async () => {
      const page = await openPage(context, '/p/placeholder/dashboard');

      await page.waitForURL(`${app.running.url}/p/${first.id}/dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.getByRole('button', { name: 'Switch podcast: Morning Signals 2 podcasts' }).waitFor();
    });
  });
});
