/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import type { Podcast, PodcastSummary } from '@castbase/contracts';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import {
  browserApi,
  createPodcastWithWizard,
  signedUpCreator,
  solidPng,
  type DeviceStorage,
} from './support/web-journey.js';

// Podcasts in the web app, in a real browser against the all-in-one process: a creator makes a second podcast from
// the Podcasts page, edits its Podcast tab (saving, refusals, the private feed), and finally deletes her podcasts.
// Contributors are in web-podcast-contributors.e2e.ts.

const JOURNEY_TIMEOUT_MS = 180_000;
const SECOND_NAME = 'Night Shift Radio';

describe('podcasts and their settings in the web app', () => {
  let app: WebAppUnderTest;
  let storageState: DeviceStorage;
  let first: Podcast;
  let secondId: string;
  let context: BrowserContext;
  let page: Page;

  const url = (path: string) => `${app.running.url}${path}`;
  const open = (path: string) => page.goto(url(path));
  const owner = () => browserApi(page, app.running.url);

  beforeAll(async () => {
    app = await startWebAppUnderTest('webpodcasts');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals']);
    storageState = creator.storageState;
    first = creator.podcasts[0] as Podcast;
    context = await app.browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      storageState,
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    'creates a second podcast from the Podcasts page and shows both as cards with Open, Contributors and Settings',
    async () => {
      await open(`/p/${first.id}/podcasts`);
      const cards = page.getByRole('main').getByRole('article');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(1);
      await expectAccessibleInBothThemes(page, 'the Podcasts page with one podcast');

      await page.getByRole('link', { name: 'Create Podcast' }).click();
      await page.waitForURL(url('/onboarding?mode=podcast-creation'));
      secondId = await createPodcastWithWizard(page, SECOND_NAME);

      await open(`/p/${secondId}/podcasts`);
      await page.getByRole('article', { name: SECOND_NAME }).waitFor();
      expect(await cards.count()).toBe(2);
      const card = page.getByRole('article', { name: SECOND_NAME });
      expect(await card.getByText('Your role: Owner').isVisible()).toBe(true);
      expect(await card.getByText('Public').isVisible()).toBe(true);
      expect(await card.getByText('Episodic').isVisible()).toBe(true);
      expect(await card.getByText('(Current)').isVisible()).toBe(true);
      expect(await card.getByRole('link', { name: `Settings of ${SECOND_NAME}` }).getAttribute('href')).toBe(
        `/p/${secondId}/settings/podcast`,
      );
      const openBox = await card.getByRole('link', { name: `Open ${SECOND_NAME}` }).boundingBox();
      expect(openBox?.height).toBeGreaterThanOrEqual(44);
      await expectAccessibleInBothThemes(page, 'the Podcasts page with two podcasts');
      await screenshotInBothThemes(page.getByRole('main'), 'podcasts-page');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "says 'Failed to load podcasts' when the list cannot be read, and Retry reads it again",
    async () => {
      await page.route('**/api/podcasts', (route) => route.abort('connectionrefused'));
      try {
        await open(`/p/${secondId}/podcasts`);
        await page.getByText('Failed to load podcasts').waitFor();
        await expectAccessibleInBothThemes(page, "the Podcasts page's load failure");
        await screenshotInBothThemes(page.getByRole('main'), 'podcasts-load-failure');
      } finally {
        await page.unroute('**/api/podcasts');
      }
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('article', { name: SECOND_NAME }).waitFor();
      expect(await page.getByText('Failed to load podcasts').count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "edits the Podcast tab: 'RSS out of sync' until saved, a missing Apple field refused, values kept after a reload",
    async () => {
      await open(`/p/${secondId}/settings/podcast`);
      const name = page.getByLabel('Podcast name');
      await name.waitFor();
      expect(await name.inputValue()).toBe(SECOND_NAME);
      expect(
        await page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab').allInnerTexts(),
      ).toEqual(['Podcast', 'RSS', 'Account', 'Notifications', 'Privacy', 'Appearance', 'Danger Zone']);
      expect(await page.getByRole('tab', { name: 'Podcast' }).getAttribute('aria-selected')).toBe('true');
      expect(await page.getByText('RSS out of sync').count()).toBe(0);
      await expectAccessibleInBothThemes(page, 'the Podcast tab of Settings');

      await page.getByLabel('Host name').fill('');
      await page.getByText('RSS out of sync').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const refusal = page
        .getByRole('alert')
        .filter({ hasText: 'Please complete all required fields for Apple Podcasts' });
      await refusal.waitFor();
      expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual(['Host name']);
      await expectAccessibleInBothThemes(page, 'the Podcast tab refusing a missing Apple field');

      await page.getByLabel('Host name').fill('Grace Hopper');
      await page.getByLabel('Slug').fill(first.slug);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const slug = page.getByLabel('Slug');
      await page.getByText('That podcast address is already taken').waitFor();
      expect(await slug.getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel('Slug').fill('night-shift');
      await page.getByLabel('Owner email').fill('not-an-email');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Please fix email validation errors before saving').waitFor();
      await page.getByText('Please enter a valid email address').waitFor();
      await page.getByLabel('Owner email').fill('grace@example.com');
      await page.getByLabel('Website').fill('https://night-shift.example.com');
      await page.getByLabel('Serial podcast').check({ force: true });
      await page.getByLabel('Tags').fill('late night, radio, late night');
      await page.getByLabel('Tags').press('Enter');
      await page.getByRole('combobox', { name: 'MP3 bitrate' }).click();
      await page.getByRole('option', { name: '192 kbps' }).click();
      await screenshotInBothThemes(
        page.getByRole('form', { name: 'Podcast settings' }),
        'podcast-tab-edited',
      );
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Podcast settings saved').waitFor();
      expect(await page.getByText('RSS out of sync').count()).toBe(0);

      await page.reload();
      await page.getByLabel('Host name').waitFor();
      expect(await page.getByLabel('Host name').inputValue()).toBe('Grace Hopper');
      expect(await page.getByLabel('Slug').inputValue()).toBe('night-shift');
      expect(await page.getByLabel('Owner email').inputValue()).toBe('grace@example.com');
      expect(await page.getByLabel('Serial podcast').isChecked()).toBe(true);
      expect(await page.getByRole('combobox', { name: 'MP3 bitrate' }).inputValue()).toBe('192 kbps');
      expect(await page.getByRole('button', { name: 'Remove radio' }).isVisible()).toBe(true);
      const saved = await (await owner()).ok<Podcast>('GET', `/api/podcasts/${secondId}`);
      expect(saved).toMatchObject({
        author: 'Grace Hopper',
        slug: 'night-shift',
        type: 'serial',
        audioBitrateKbps: 192,
      });
      expect(saved.tags).toEqual(expect.arrayContaining(['late night', 'radio']));
      expect(saved.tags.filter((tag) => tag === 'late night')).toHaveLength(1);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'makes the feed private, shows its 16-character token, and Rotate replaces it',
    async () => {
      await open(`/p/${secondId}/settings/podcast`);
      await page.getByRole('switch', { name: 'Private feed' }).waitFor({ state: 'attached' });
      await page.getByRole('switch', { name: 'Private feed' }).check({ force: true });
      await page.getByText('Save to create the private feed token.').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Podcast settings saved').waitFor();
      const token = page.getByLabel('Private feed token');
      await token.waitFor();
      const before = await token.inputValue();
      expect(before).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(await page.getByLabel('RSS feed URL').inputValue()).toContain(`token=${before}`);
      await expectAccessibleInBothThemes(page, 'the Podcast tab with a private feed');
      await screenshotInBothThemes(page.getByRole('main'), 'podcast-tab-private');

      await page.getByRole('button', { name: 'Rotate' }).click();
      await page.getByText('Private feed token rotated').waitFor();
      await page.waitForFunction(([input, previous]) => (input as HTMLInputElement).value !== previous, [
        await token.elementHandle(),
        before,
      ] as const);
      const after = await token.inputValue();
      expect(after).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(after).not.toBe(before);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'switches podcasts with the selector of the Podcast tab',
    async () => {
      await open(`/p/${secondId}/settings/podcast`);
      await page.getByRole('combobox', { name: 'Podcast', exact: true }).click();
      await page.getByRole('option', { name: 'Morning Signals' }).click();
      await page.waitForURL(url(`/p/${first.id}/settings/podcast`));
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('input')).some(
          (input) =>
            input.value === 'Morning Signals' && input.labels?.[0]?.textContent?.startsWith('Podcast name'),
        ),
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'fits the Podcasts page, the Podcast tab with its private token, and the contributors dialog in 320 pixels',
    async () => {
      await page.setViewportSize({ width: 320, height: 640 });
      try {
        const overflowing: string[] = [];
        const check = async (what: string) => {
          const widths = await page.evaluate(() => ({
            content: document.documentElement.scrollWidth,
            viewport: document.documentElement.clientWidth,
          }));
          if (widths.content > widths.viewport) overflowing.push(`${what}: ${widths.content}px`);
        };
        await open(`/p/${secondId}/podcasts`);
        await page.getByRole('article', { name: SECOND_NAME }).waitFor();
        await check('the Podcasts page');
        await page.getByRole('button', { name: `Contributors of ${SECOND_NAME}` }).click();
        await page
          .getByRole('dialog', { name: `Contributors of ${SECOND_NAME}` })
          .getByRole('listitem')
          .first()
          .waitFor();
        await check('the contributors dialog');
        await open(`/p/${secondId}/settings/podcast`);
        await page.getByLabel('Private feed token').waitFor();
        await check('the Podcast tab');
        expect(overflowing).toEqual([]);
      } finally {
        await page.setViewportSize({ width: 1280, height: 900 });
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'never asks the API about a route id that is not a UUID: it resolves like the placeholder',
    async () => {
      const asked: string[] = [];
      const listen = (request: { url(): string }) => {
        if (request.url().includes('not-a-podcast')) asked.push(request.url());
      };
      page.on('request', listen);
      try {
        await open('/p/not-a-podcast/settings/podcast');
        await page.waitForURL(url(`/p/${first.id}/dashboard`));
      } finally {
        page.off('request', listen);
      }
      expect(asked.filter((address) => address.includes('/api/'))).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'opens the upload screen of the podcast a podcastId query value names when the route has none',
    async () => {
      await open(`/p/placeholder/upload?podcastId=${first.id}`);
      await page.waitForURL(url(`/p/${first.id}/upload`));
      await page.getByRole('heading', { name: 'Upload Episode', level: 1 }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'moves between the Podcast section and the others by keyboard, each with its own address',
    async () => {
      await open(`/p/${first.id}/settings`);
      const tabs = page.getByRole('tablist', { name: 'Settings sections' });
      await tabs.getByRole('tab', { name: 'Podcast', selected: true }).waitFor();
      await page.getByLabel('Podcast name').waitFor();
      await tabs.getByRole('tab', { name: 'Podcast' }).focus();
      await page.keyboard.press('ArrowDown');
      await page.waitForURL(url(`/p/${first.id}/settings/rss`));
      await tabs.getByRole('tab', { name: 'RSS', selected: true }).waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent === 'RSS');
      await page.keyboard.press('ArrowDown');
      await page.waitForURL(url(`/p/${first.id}/settings?section=account`));
      await tabs.getByRole('tab', { name: 'Account', selected: true }).waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent === 'Account');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      await page.waitForURL(url(`/p/${first.id}/settings/podcast`));
      await page.waitForFunction(() => document.activeElement?.textContent === 'Podcast');
      await page.getByLabel('Podcast name').waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "deletes a podcast once its name is typed and opens the next podcast's dashboard, then the blank dashboard",
    async () => {
      await open(`/p/${secondId}/settings/podcast`);
      await page.getByRole('button', { name: 'Delete Podcast' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this podcast?' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Delete Podcast' }).click();
      const confirm = dialog.getByRole('button', { name: 'Delete podcast' });
      expect(await confirm.isDisabled()).toBe(true);
      await dialog.getByLabel(`Type ${SECOND_NAME} to confirm`).fill(SECOND_NAME);
      await expectAccessibleInBothThemes(page, 'the podcast deletion dialog, confirmed');
      await screenshotInBothThemes(dialog, 'delete-podcast');
      await confirm.click();
      await page.waitForURL(url(`/p/${first.id}/dashboard`));
      const left = await (await owner()).ok<{ items: PodcastSummary[] }>('GET', '/api/podcasts');
      expect(left.items.map((podcast) => podcast.id)).toEqual([first.id]);

      await open(`/p/${first.id}/settings/podcast`);
      await page.getByRole('button', { name: 'Delete Podcast' }).click();
      await page.getByLabel('Type Morning Signals to confirm').fill('Morning Signals');
      await page.getByRole('button', { name: 'Delete podcast', exact: true }).click();
      await page.waitForURL(url('/blank-dashboard'));
      await page.getByRole('heading', { level: 1, name: 'Create your first podcast' }).waitFor();
      expect(await page.getByRole('main').getByRole('article').count()).toBe(3);
      expect(await page.getByRole('link', { name: 'Start Creating Podcast' }).getAttribute('href')).toBe(
        '/onboarding?mode=podcast-creation',
      );
      expect(await page.evaluate(() => window.localStorage.getItem('lastUsedPodcastId'))).toBeNull();
      await expectAccessibleInBothThemes(page, 'the blank dashboard');
      await screenshotInBothThemes(page.getByRole('main'), 'blank-dashboard');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'keeps album art required: a podcast without art is refused, and art uploaded on the tab lets it save',
    async () => {
      const api = await owner();
      const bare = await api.ok<Podcast>('POST', '/api/podcasts', { name: 'Bare Show', author: 'Ada' });
      await open(`/p/${bare.id}/settings/podcast`);
      await page.getByLabel('Description').fill('A show created without album art, to test the settings.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const refusal = page
        .getByRole('alert')
        .filter({ hasText: 'Please complete all required fields for Apple Podcasts' });
      await refusal.waitFor();
      expect(await refusal.getByRole('listitem').allInnerTexts()).toEqual(['Album art']);
      await page
        .getByLabel('Album art')
        .setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: solidPng(1400, 1400) });
      await page.getByRole('button', { name: 'Remove', exact: true }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Podcast settings saved').waitFor();
      expect((await api.ok<Podcast>('GET', `/api/podcasts/${bare.id}`)).artworkMediaId).not.toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
