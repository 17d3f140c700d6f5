/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import {
  CALLBACK_REDIRECT_DELAY_MS,
  MARKETING_EMAILS_OPT_IN_LABEL,
  PRIVACY_SWITCHES,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { describedTextOf, expectAccessibleInBothThemes } from './support/accessibility.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { setUpProfile, signIn, signUp, solidPng, signOutThrough } from './support/web-journey.js';

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
      await page.getByRole('heading', { name: 'Set Up Your Profile' }).waitFor();
      expect(await page.title()).toBe('Set Up Your Profile · Castbase');
      await page.getByLabel('Username').fill('a');
      await page.getByLabel('First name').focus();
      await page.getByText('Username must be 3-30 characters').waitFor();
      await expectAccessibleInBothThemes(page, 'the profile step with a validation error');
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Username').fill('ada_lovelace');
      await page.getByText('Username is available').waitFor();
      await page.getByLabel(MARKETING_EMAILS_OPT_IN_LABEL).check({ force: true });
      await page.getByRole('button', { name: 'Create Profile' }).click();
      await page.getByRole('dialog', { name: 'Welcome to Castbase!' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the welcome dialog');
      await page.getByRole('button', { name: 'Continue to Podcast Creation →' }).click();
      await page.getByText('Step 1 of 4').waitFor();
      expect(await page.title()).toBe('Create Your Podcast · Castbase');
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await expectAccessibleInBothThemes(page, 'step 1 of the podcast wizard');

      await page.getByLabel('Podcast name').fill('Morning Signals');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please complete this step before proceeding').waitFor();
      // The first field in error takes focus, is marked invalid and is described by its announced error.
      const description = page.getByLabel('Description');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      expect(await description.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await describedTextOf(description)).toContain('Description is required');
      expect(await page.getByRole('alert').filter({ hasText: 'Description is required' }).count()).toBe(1);
      await expectAccessibleInBothThemes(page, 'step 1 of the podcast wizard with errors');

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
      await expectAccessibleInBothThemes(page, 'step 2 of the podcast wizard');
      // Exit asks first; Escape keeps the creator in the wizard with focus back on Exit.
      await page.getByRole('button', { name: 'Exit' }).click();
      const exitDialog = page.getByRole('dialog');
      await exitDialog.waitFor();
      await expectAccessibleInBothThemes(page, 'the exit onboarding confirmation');
      await page.keyboard.press('Escape');
      await exitDialog.waitFor({ state: 'hidden' });
      await page.waitForFunction(() => document.activeElement?.textContent === 'Exit');
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
      await expectAccessibleInBothThemes(page, 'step 3 of the podcast wizard with album art');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByText('Step 4 of 4').waitFor();
      expect(await page.getByRole('heading', { name: 'Apple Podcasts Compliance' }).isVisible()).toBe(true);
      await expectAccessibleInBothThemes(page, 'step 4 of the podcast wizard');
      await page.getByRole('button', { name: 'Create podcast' }).click();

      await page.waitForURL(/\/p\/[0-9a-f-]{36}\/dashboard$/);
      const podcastId = new URL(page.url()).pathname.split('/')[2];
      const stored = await page.evaluate(() => ({
        lastUsed: window.localStorage.getItem('lastUsedPodcastId'),
        justCompleted: window.localStorage.getItem('justCompletedOnboarding'),
      }));
      expect(stored).toEqual({ lastUsed: podcastId, justCompleted: 'true' });

      // The profile step's opt-in is the Marketing emails switch of the privacy settings: one preference.
      await page.goto(`${app.running.url}/p/${podcastId}/settings?section=privacy`);
      await page.getByRole('tabpanel', { name: 'Privacy' }).waitFor();
      expect(await page.getByLabel(PRIVACY_SWITCHES.marketingEmails.label).isChecked()).toBe(true);
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
      await expectAccessibleInBothThemes(page, 'the blank dashboard');

      await page.goto(`${app.running.url}/`);
      await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the landing page for a signed-in creator');
      await signOutThrough(page, app.running.url, () =>
        page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click(),
      );
      expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);

      await signIn(page, app.running.url, 'grace@example.com');
      await page.waitForURL(`${app.running.url}/blank-dashboard`);
      expect(path()).toBe('/blank-dashboard');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it("shows the identity provider's error on the callback and goes home after 3 seconds", async () => {
    // The page's clock stands still from before the page loads while the error is audited (install alone lets it run
    // with the wall clock: on a busy machine the audit outlasted the delay), then moves on to the redirect's delay.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 60_000);
    await page.goto(
      `${app.running.url}/callback?error=access_denied&error_description=Cancelled&state=unknown`,
    );

    await page.getByText('Authentication Error: access_denied - Cancelled').waitFor();
    expect(await page.getByRole('button', { name: 'Back to Home' }).isVisible()).toBe(true);
    // The title is set by an effect after the text renders: wait for it rather than read it at once.
    await waitFor('the callback title', async () => (await page.title()) === 'Signing in · Castbase');
    await expectAccessibleInBothThemes(page, 'the callback with an error');
    expect(new URL(page.url()).pathname).toBe('/callback');
    await page.clock.runFor(CALLBACK_REDIRECT_DELAY_MS - 1);
    expect(new URL(page.url()).pathname).toBe('/callback');
    await page.clock.runFor(1);
    await page.waitForURL(`${app.running.url}/`);
  });
});
