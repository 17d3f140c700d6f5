/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import type { Podcast } from '@castbase/contracts';
import { describedTextOf, expectAccessibleInBothThemes } from './support/accessibility.js';
import { ApiClient, createTestUser } from './support/api-client.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import {
  browserApi,
  colorSchemeOf,
  signUp,
  solidPng,
  waitForColorScheme,
  signOutThrough,
} from './support/web-journey.js';

// Profile settings, the account settings and account deletion, in a real browser against the all-in-one process:
// one creator signs up at the built-in provider, then edits, saves and finally deletes their account.

const JOURNEY_TIMEOUT_MS = 120_000;

describe('profile, settings and account deletion in the web app', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;
  let podcast: Podcast;

  const open = (path: string) => page.goto(`${app.running.url}${path}`);
  const api = () => browserApi(page, app.running.url);

  beforeAll(async () => {
    app = await startWebAppUnderTest('webaccount');
    context = await app.browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);

    await signUp(page, app.running.url, 'ada@example.com');
    await page.waitForURL(`${app.running.url}/onboarding?mode=profile-creation`);

    const ada = await api();
    await ada.ok('POST', '/api/profile', { firstName: 'Ada', lastName: 'Lovelace', username: 'ada_l' });
    podcast = await ada.ok<Podcast>('POST', '/api/podcasts', { name: 'Morning Signals' });
    const grace = new ApiClient(app.running.url).as(await createTestUser('grace'));
    await grace.ok('POST', '/api/profile', {
      firstName: 'Grace',
      lastName: 'Hopper',
      username: 'grace_h',
      email: 'grace@example.com',
    });
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it("checks Profile Info as it is typed, refuses a taken username, and saves with 'Profile updated successfully!'", async () => {
    await open(`/profile?podcastId=${podcast.id}`);
    await page.getByLabel('Username').waitFor();
    expect(await page.getByLabel('Username').inputValue()).toBe('ada_l');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Please fix email validation error before saving').waitFor();
    const email = page.getByLabel('Email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await describedTextOf(email)).toContain('Please enter a valid email address');
    await expectAccessibleInBothThemes(page, 'Profile Info with a validation error');

    await page.getByLabel('Email').fill('ada.lovelace@example.com');
    await page.getByLabel('Bio').fill('x'.repeat(500));
    await page.getByText('Bio must be less than 500 characters').waitFor();
    await page.getByLabel('Bio').fill('Mathematician and host.');
    expect(await page.getByText('23/500 characters').isVisible()).toBe(true);

    await page.getByLabel('Username').fill('grace_h');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('That username is already taken').waitFor();

    await page.getByLabel('Username').fill('ada.lovelace');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await expectAccessibleInBothThemes(page, 'Profile Info saved');
    const { profile } = await (await api()).ok<{ profile: Record<string, unknown> }>('GET', '/api/profile');
    expect(profile).toMatchObject({
      username: 'ada.lovelace',
      email: 'ada.lovelace@example.com',
      bio: 'Mathematician and host.',
    });
    expect(
      (await page.getByRole('button', { name: 'Save Changes' }).boundingBox())?.height,
    ).toBeGreaterThanOrEqual(44);
  });

  it('uploads and removes the avatar from the Profile Picture tab', async () => {
    await open(`/profile?podcastId=${podcast.id}`);
    await page.getByRole('tab', { name: 'Profile Picture' }).click();
    expect(await page.getByText('Recommended: 400x400 pixels or larger').isVisible()).toBe(true);
    await expectAccessibleInBothThemes(page, 'the Profile Picture tab');

    await page
      .getByLabel('Avatar')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(400, 400) });
    await page.getByText('Profile picture updated successfully!').waitFor();
    await expectAccessibleInBothThemes(page, 'the Profile Picture tab with an avatar');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Profile picture removed successfully!').waitFor();
    const { profile } = await (
      await api()
    ).ok<{ profile: { avatarUrl: string | null } }>('GET', '/api/profile');
    expect(profile.avatarUrl).toBeNull();
  });

  it("shows the account's id, its created date and the podcast's RSS feed as Active, or Not generated without one", async () => {
    await open(`/profile?podcastId=${podcast.id}`);
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await page.getByText('Active', { exact: true }).waitFor();
    expect(await page.getByText(podcast.ownerId).isVisible()).toBe(true);
    await expectAccessibleInBothThemes(page, 'the Account Settings tab');

    await open('/profile');
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await page.getByText('Not generated').waitFor();
    const deleteAccount = page.getByRole('button', { name: 'Delete Account' });
    await deleteAccount.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
    await dialog.waitFor();
    await expectAccessibleInBothThemes(page, 'the account deletion dialog');
    expect(await dialog.getByRole('listitem').allInnerTexts()).toEqual([
      'Your profile',
      'All your episodes and their metadata',
      'Your RSS feeds and analytics',
      'All uploaded media files',
    ]);
    expect(await dialog.getByRole('button', { name: 'Yes, delete my account' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Delete Account');

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(`${app.running.url}/`);
  });

  it('shows the sections of Settings, each accessible in both themes', async () => {
    await open(`/p/${podcast.id}/settings?section=account`);
    await page.getByLabel('Username').waitFor();
    expect(
      await page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab').allInnerTexts(),
    ).toEqual(['Podcast', 'RSS', 'Account', 'Notifications', 'Privacy', 'Appearance', 'Danger Zone']);
    expect(await page.getByLabel('Username').inputValue()).toBe('ada.lovelace');
    for (const section of ['Account', 'Notifications', 'Privacy', 'Appearance', 'Danger Zone']) {
      await page.getByRole('tab', { name: section }).click();
      await page.getByRole('tabpanel', { name: section }).waitFor();
      await expectAccessibleInBothThemes(page, `the ${section} section of Settings`);
    }
  });

  it('saves notification and privacy switches to the account and downloads the data export', async () => {
    await open(`/p/${podcast.id}/settings?section=notifications`);
    await page.getByRole('tabpanel', { name: 'Notifications' }).waitFor();
    expect(await page.getByLabel('Weekly report').isChecked()).toBe(false);
    await page.getByLabel('Weekly report').check({ force: true });
    await page.getByLabel('RSS feed updates').uncheck({ force: true });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved successfully!').waitFor();

    await page.getByRole('tab', { name: 'Privacy' }).click();
    await page.getByLabel('Marketing emails').check({ force: true });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved successfully!').waitFor();
    const settings = await (await api()).ok<Record<string, Record<string, boolean>>>('GET', '/api/settings');
    expect(settings['notifications']).toMatchObject({ weeklyReport: true, rssUpdates: false });
    expect(settings['privacy']).toMatchObject({ marketingEmails: true });

    await page.getByRole('button', { name: 'Export my data' }).click();
    await page.getByRole('dialog', { name: 'Export your data' }).waitFor();
    await expectAccessibleInBothThemes(page, 'the data export dialog');
    const download = page.waitForEvent('download');
    await page
      .getByRole('dialog', { name: 'Export your data' })
      .getByRole('button', { name: 'Download' })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(
      `castbase-data-export-${new Date().toISOString().slice(0, 10)}.json`,
    );
    const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as Record<string, unknown>;
    expect(exported['settings']).toMatchObject({ privacy: { marketingEmails: true } });
    // The onboarding opt-in is the same preference.
    expect(exported['profile']).toMatchObject({ emailOptIn: true });
    await page.getByText('Your data export has been downloaded').waitFor();
  });

  it("applies the Dark theme at once, saves it, and the saved theme wins over the device's on the next load", async () => {
    await open(`/p/${podcast.id}/settings?section=appearance`);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.getByText('Settings saved successfully!').waitFor();
    expect(await colorSchemeOf(page)).toBe('dark');

    await page.evaluate(() => window.localStorage.setItem('castbase.colorScheme', 'light'));
    await page.reload();
    await waitForColorScheme(page, 'dark');
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
  });

  it("deletes the account once DELETE MY ACCOUNT is typed, says 'Your account has been deleted.' and signs out", async () => {
    await open(`/p/${podcast.id}/settings?section=danger-zone`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('delete my account');
    await expectAccessibleInBothThemes(page, 'the account deletion dialog, confirmed');
    await signOutThrough(page, app.running.url, async () => {
      await page.getByRole('button', { name: 'Yes, delete my account' }).click();
      await page.getByText('Your account has been deleted.').waitFor({ timeout: 30_000 });
      expect(await page.getByRole('list', { name: 'Deletion steps' }).getByRole('listitem').count()).toBe(7);
    });
    const { origins } = await context.storageState();
    const kept = origins.flatMap((origin) => origin.localStorage.map((item) => item.name));
    expect(kept).not.toContain('lastUsedPodcastId');
  });
});
