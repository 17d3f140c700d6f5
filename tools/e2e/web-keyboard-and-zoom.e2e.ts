/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Podcast } from '@castbase/contracts';
import { expectAccessibleInBothThemes, tabThroughPage, waitForFocusOn } from './support/accessibility.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signedUpCreator, type DeviceStorage } from './support/web-journey.js';

// What axe cannot see, tried with the keyboard alone in a real browser: a skip link first on every page, every
// control reached by Tab with a visible focus ring, menus, tabs and the sidebar following the WAI-ARIA patterns,
// a title for every route, and the embeddable player's controls named; and every screen at 400 % zoom.

describe('the web app by keyboard', () => {
  let app: WebAppUnderTest;
  let storageState: DeviceStorage;
  let podcast: Podcast;
  let context: BrowserContext;

  beforeAll(async () => {
    app = await startWebAppUnderTest('webkeyboard');
    const creator = await signedUpCreator(app.browser, app.running.url, [
      'Morning Signals',
      'Night Shift Radio',
    ]);
    storageState = creator.storageState;
    podcast = creator.podcasts[0] as Podcast;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  afterEach(async () => {
    await context?.close();
  });

  async function openPage(path: string, options: { signedIn?: boolean; width?: number } = {}): Promise<Page> {
    context = await app.browser.newContext({
      colorScheme: 'light',
      viewport: { width: options.width ?? 1280, height: 860 },
      ...(options.signedIn ? { storageState } : {}),
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(`${app.running.url}${path}`);
    return page;
  }

  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

  /** The first Tab reaches "Skip to main content", shown on screen; Enter moves focus to the main region. */
  async function expectSkipLinkFirst(page: Page): Promise<void> {
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Skip to main content');
    const box = await page.getByRole('link', { name: 'Skip to main content' }).boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe('main-content');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  }

  /**
   * Works a menu button as the WAI-ARIA pattern has it: Enter opens the menu on its first item, ArrowDown moves to the
   * next, Escape closes it. Says what was seen on the way and whether focus went back to the button.
   */
  async function workMenuButton(page: Page, button: Locator, itemRole: 'menuitem' | 'menuitemradio') {
    await button.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    const expandedWhileOpen = await button.getAttribute('aria-expanded');
    await page.waitForFunction((role) => document.activeElement?.getAttribute('role') === role, itemRole);
    const firstFocused = await focusedText(page);
    await page.keyboard.press('ArrowDown');
    const afterArrowDown = await focusedText(page);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });
    const focusReturned = await waitForFocusOn(button).then(
      () => true,
      () => false,
    );
    return { expandedWhileOpen, firstFocused, afterArrowDown, focusReturned };
  }

  /** Tab reaches every visible control of the page, and each shows a focus ring. */
  async function expectEveryControlReachedWithARing(page: Page): Promise<void> {
    const { stops, unreached } = await tabThroughPage(page);
    expect(unreached).toEqual([]);
    expect(stops.filter((stop) => !stop.ringVisible).map((stop) => stop.element)).toEqual([]);
    expect(stops.length).toBeGreaterThan(3);
  }

  it('lets a visitor skip to the landing page content, and Tab reaches every control with a visible ring', async () => {
    const page = await openPage('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).toBe('Castbase');

    await expectSkipLinkFirst(page);
    await expectEveryControlReachedWithARing(page);
  });

  it('opens the theme menu with Enter on its first item, moves with the arrows, and Escape returns focus to it', async () => {
    const page = await openPage('/');
    const themeButton = page.getByRole('button', { name: 'Switch theme' });

    const menu = await workMenuButton(page, themeButton, 'menuitemradio');
    expect(menu.expandedWhileOpen).toBe('true');
    expect(menu.firstFocused).toBe('Light');
    expect(menu.afterArrowDown).toBe('Dark');
    expect(menu.focusReturned).toBe(true);
    expect(await themeButton.getAttribute('aria-expanded')).toBe('false');
  });

  it("skips the dashboard's sidebar to the screen, and Tab reaches every control of the shell with a visible ring", async () => {
    const page = await openPage(`/p/${podcast.id}/dashboard`, { signedIn: true });
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(await page.title()).toBe('Dashboard Overview · Castbase');

    await expectSkipLinkFirst(page);
    await expectEveryControlReachedWithARing(page);
  });

  it('works the podcast switcher like a menu button: Enter opens it on the first podcast, Escape closes it where it was', async () => {
    const page = await openPage(`/p/${podcast.id}/dashboard`, { signedIn: true });
    const switcher = page.getByRole('button', { name: /^Switch podcast:/ });
    // The menu lists the podcasts once they have loaded (the count says so).
    await page.getByRole('button', { name: /^Switch podcast: .* 2 podcasts$/ }).waitFor();

    const menu = await workMenuButton(page, switcher, 'menuitem');
    expect(menu.firstFocused).toContain('Morning Signals');
    expect(menu.afterArrowDown).toContain('Night Shift Radio');
    expect(menu.focusReturned).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/p/${podcast.id}/dashboard`);
  });

  it('moves between the settings sections with the arrow keys, each tab controlling its panel', async () => {
    const page = await openPage(`/p/${podcast.id}/settings?section=account`, { signedIn: true });
    await page.getByLabel('Username').waitFor();
    expect(await page.title()).toBe('Settings · Castbase');
    const tabs = page.getByRole('tablist', { name: 'Settings sections' });
    const next = (await tabs.getAttribute('aria-orientation')) === 'vertical' ? 'ArrowDown' : 'ArrowRight';

    await tabs.getByRole('tab', { name: 'Account' }).focus();
    await page.keyboard.press(next);
    // Choosing a section goes through the address (?section=), so the selection shows a moment after the key.
    await waitForFocusOn(tabs.getByRole('tab', { name: 'Notifications' }));
    await tabs.getByRole('tab', { name: 'Notifications', selected: true }).waitFor();
    await page.getByRole('tabpanel', { name: 'Notifications' }).getByLabel('Weekly report').waitFor();
  });

  it('reaches every field of the podcast wizard, the profile form and the settings switches with a visible ring', async () => {
    const page = await openPage('/onboarding?mode=podcast-creation', { signedIn: true });
    await page.getByLabel('Podcast name').waitFor();
    await expectEveryControlReachedWithARing(page);

    await page.goto(`${app.running.url}/profile`);
    await page.getByLabel('Username').waitFor();
    await expectEveryControlReachedWithARing(page);

    await page.goto(`${app.running.url}/p/${podcast.id}/settings?section=notifications`);
    await page.getByLabel('Weekly report').waitFor();
    await expectEveryControlReachedWithARing(page);
  });

  it('names every route in the browser tab', async () => {
    const page = await openPage(`/p/${podcast.id}/episodes`, { signedIn: true });
    const titles: Record<string, string> = {
      [`/p/${podcast.id}/episodes`]: 'All Episodes · Castbase',
      [`/p/${podcast.id}/analytics`]: 'Podcast Analytics · Castbase',
      [`/p/${podcast.id}/settings/rss`]: 'Settings · Castbase',
      '/profile': 'Profile Settings · Castbase',
      '/blank-dashboard': 'Create your first podcast · Castbase',
    };
    for (const [path, title] of Object.entries(titles)) {
      await page.goto(`${app.running.url}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForFunction((expected) => document.title === expected, title);
    }
  });

  it('opens the sidebar on a small screen from a menu button that says whether it is expanded and what it controls', async () => {
    const page = await openPage(`/p/${podcast.id}/dashboard`, { signedIn: true, width: 390 });
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const sidebar = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    const overview = sidebar.getByRole('link', { name: 'Overview' });
    const takesFocus = async () => {
      await overview.evaluate((link) => (link as HTMLElement).focus());
      return overview.evaluate((link) => link === document.activeElement);
    };
    // Closed, the drawer is off-screen and out of reach of the keyboard.
    expect(await takesFocus()).toBe(false);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Toggle navigation', expanded: true }).waitFor();
    expect(await takesFocus()).toBe(true);
    await expectAccessibleInBothThemes(page, 'the dashboard on a small screen with the sidebar open');
  });

  describe('the embeddable player', () => {
    let page: Page;

    beforeEach(async () => {
      const query = new URLSearchParams({
        title: 'Morning Signals #1',
        url: 'https://cdn.example.com/episodes/1.mp3',
        color: 'ffff00',
      });
      page = await openPage(`/embed/audio?${query.toString()}`, { width: 600 });
      await page.getByText('Powered by').waitFor();
    });

    it('names its audio controls after the episode and the tab after the episode, and Tab reaches them', async () => {
      expect(await page.title()).toBe('Morning Signals #1 · Castbase');
      const player = page.getByLabel('Morning Signals #1');
      expect(await player.evaluate((element) => element.tagName)).toBe('AUDIO');
      await page.keyboard.press('Tab');
      expect(await player.evaluate((element) => element === document.activeElement)).toBe(true);
    });

    it("passes the audit in both themes even with a creator's colour that would not read (yellow on white)", async () => {
      await expectAccessibleInBothThemes(page, 'the embeddable audio player');
    });
  });
});

describe('the web app at 400% zoom (320 CSS pixels wide)', () => {
  let app: WebAppUnderTest;
  let storageState: DeviceStorage;
  let podcast: Podcast;

  beforeAll(async () => {
    app = await startWebAppUnderTest('webreflow');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals']);
    storageState = creator.storageState;
    podcast = creator.podcasts[0] as Podcast;
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
  });

  it('fits every screen to the width, so nothing needs scrolling sideways (WCAG 1.4.10)', async () => {
    const context = await app.browser.newContext({ viewport: { width: 320, height: 640 }, storageState });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const screens = [
      '/',
      `/p/${podcast.id}/dashboard`,
      `/p/${podcast.id}/settings`,
      `/p/${podcast.id}/settings?section=notifications`,
      '/profile',
      '/onboarding?mode=podcast-creation',
      '/embed/audio?title=Morning%20Signals%20%231&url=https%3A%2F%2Fcdn.example.com%2F1.mp3',
    ];
    const overflowing: string[] = [];
    for (const path of screens) {
      await page.goto(`${app.running.url}${path}`);
      await page.locator('h1, main').first().waitFor();
      await page.waitForLoadState('networkidle');
      const widths = await page.evaluate(() => ({
        content: document.documentElement.scrollWidth,
        viewport: document.documentElement.clientWidth,
      }));
      if (widths.content > widths.viewport) overflowing.push(`${path}: ${widths.content}px`);
    }
    await context.close();
    expect(overflowing).toEqual([]);
  });
});
