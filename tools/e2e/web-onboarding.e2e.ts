/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { setUpProfile, signIn, signUp, solidPng, waitForSignedOut } from './support/web-journey.js';

// Signing up at the built-in OpenID Connect provider, the callback's routing and onboarding, in a real browser
// against the all-in-one process.

/** A whole sign-up and onboarding runs through two sites and a dozen pages. */
const JOURNEY_TIMEOUT_MS = 120_000;

describe('signing up and onboarding in the web app', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startWebAppUnderTest('webonboarding');
  });

  afterAll(async () => {
    await app?.stop();
  });

  beforeEach(async () => {
    context = await app.browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });

  afterEach(async () => {
    await context?.close();
  });

  const path = () => {
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  };

  it(
    'takes a new creator from Get Started through sign-up, profile and the four-step wizard to the new dashboard',
    async () => {
      await signUp(page, app.running.url, 'ada@example.com');

      await page.waitForURL(`${app.running.url}/onboarding?mode=profile-creation`);
      await setUpProfile(page, 'ada_lovelace');
      await page.getByText('Step 1 of 4').waitFor();
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

      await page.getByLabel('Podcast name').fill('Morning Signals');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please complete this step before proceeding').waitFor();
      expect(await page.getByText('Description is required').isVisible()).toBe(true);

      await page
        .getByLabel('Description')
        .fill(
          'A daily show about the signals that shape the morning news, with guests and listener questions.',
        );
      await page.getByRole('combobox', { name: 'Category', exact: true }).click();
      await page.getByRole('option', { name: 'Technology' }).click();
      await page.getByLabel('Tags').fill('technology, news, technology');
      await page.getByLabel('Tags').press('Enter');
      expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(2);
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByText('Step 2 of 4').waitFor();
      await page.getByLabel('Host name').fill('Ada Lovelace');
      await page.getByRole('radio', { name: 'Explicit' }).check();
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByText('Step 3 of 4').waitFor();
      await page.getByLabel('Album art').setInputFiles({
        name: 'art.png',
        mimeType: 'image/png',
        buffer: solidPng(1400, 1400),
      });
      await page.getByRole('button', { name: 'Remove' }).waitFor();
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByText('Step 4 of 4').waitFor();
      expect(await page.getByRole('heading', { name: 'Apple Podcasts Compliance' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Create podcast' }).click();

      await page.waitForURL(/\/p\/[0-9a-f-]{36}\/dashboard$/);
      const podcastId = new URL(page.url()).pathname.split('/')[2];
      const stored = await page.evaluate(() => ({
        lastUsed: window.localStorage.getItem('lastUsedPodcastId'),
        justCompleted: window.localStorage.getItem('justCompletedOnboarding'),
      }));
      expect(stored).toEqual({ lastUsed: podcastId, justCompleted: 'true' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sends a creator with a profile but no podcast to the blank dashboard after Sign In, and Log Out home',
    async () => {
      await signUp(page, app.running.url, 'grace@example.com');
      await page.waitForURL(`${app.running.url}/onboarding?mode=profile-creation`);
      await setUpProfile(page, 'grace_hopper');
      await page.getByRole('button', { name: 'Skip for now' }).click();
      await page.waitForURL(`${app.running.url}/blank-dashboard`);

      await page.goto(`${app.running.url}/`);
      await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
      await waitForSignedOut(page, app.running.url);
      expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);

      await signIn(page, app.running.url, 'grace@example.com');
      await page.waitForURL(`${app.running.url}/blank-dashboard`);
      expect(path()).toBe('/blank-dashboard');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it("shows the identity provider's error on the callback and goes home after 3 seconds", async () => {
    await page.goto(
      `${app.running.url}/callback?error=access_denied&error_description=Cancelled&state=unknown`,
    );

    await page.getByText('Authentication Error: access_denied - Cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Back to Home' }).isVisible()).toBe(true);
    await page.waitForURL(`${app.running.url}/`);
  });
});
