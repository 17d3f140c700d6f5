/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findRowsMentioning, freePort } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import {
  colorSchemeOf,
  createPodcastWithWizard,
  sessionOf,
  setUpProfile,
  signIn,
  signUp,
  solidPng,
  waitForColorScheme,
  signOutThrough,
} from './support/web-journey.js';

// A creator's whole account life in a real browser: sign-up at the provider, callback, onboarding, dashboard,
// profile, theme, data export, sign-out and back in, and account deletion — after which nothing of them is left in
// any schema or in storage. Run once against the built-in provider and once with an external issuer.

const JOURNEY_TIMEOUT_MS = 240_000;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function liveThroughAnAccount(app: WebAppUnderTest, email: string, username: string): Promise<void> {
  const baseUrl = app.running.url;
  const context = await app.browser.newContext({
    colorScheme: 'light',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  try {
    // Sign up, callback, onboarding, dashboard.
    await signUp(page, baseUrl, email);
    await page.waitForURL(`${baseUrl}/onboarding?mode=profile-creation`);
    await setUpProfile(page, username);
    const podcastId = await createPodcastWithWizard(page, 'Morning Signals');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const { subject } = await sessionOf(page);

    // Profile: bio and picture.
    await page.goto(`${baseUrl}/profile?podcastId=${podcastId}`);
    await page.getByLabel('Bio').fill('I make a morning show about signals.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.getByRole('tab', { name: 'Profile Picture' }).click();
    await page.getByLabel('Avatar').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: solidPng(400, 400),
    });
    await page.getByText('Profile picture updated successfully!').waitFor();

    // Theme: Dark, saved to the account, so it survives a fresh device.
    await page.goto(`${baseUrl}/p/${podcastId}/settings`);
    await page.getByRole('tab', { name: 'Appearance' }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await waitForColorScheme(page, 'dark');

    // Data export: a JSON file with the settings, the profile, the podcast and the date.
    await page.getByRole('tab', { name: 'Privacy' }).click();
    await page.getByRole('button', { name: 'Export my data' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('dialog', { name: 'Export your data' })
        .getByRole('button', { name: 'Download' })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^castbase-data-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      exportedAt: string;
      settings: { appearance: { theme: string } };
      profile: { username: string; bio: string };
      podcasts: Array<{ id: string }>;
    };
    expect(Date.parse(exported.exportedAt)).not.toBeNaN();
    expect(exported.settings.appearance.theme).toBe('dark');
    expect(exported.profile).toMatchObject({ username, bio: 'I make a morning show about signals.' });
    expect(exported.podcasts.map((podcast) => podcast.id)).toEqual([podcastId]);

    // Sign out, then back in: the callback goes to the podcast's dashboard, and the theme comes from the account.
    await page.goto(`${baseUrl}/`);
    await signOutThrough(page, baseUrl, () =>
      page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click(),
    );
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, baseUrl, email);
    await page.waitForURL(`${baseUrl}/p/${podcastId}/dashboard`);
    await waitForColorScheme(page, 'dark');
    expect(await colorSchemeOf(page)).toBe('dark');
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await expectAccessibleInBothThemes(page, 'the dashboard after signing in again');

    // Before deletion the user is really there: rows in several schemas and stored files.
    const databaseUrl = app.running.config.DATABASE_URL!;
    const storageDir = app.running.config.STORAGE_DIR;
    const needles = [subject, email];
    const before = await findRowsMentioning(databaseUrl, needles);
    expect(new Set(before.map((found) => found.schema))).toEqual(
      new Set(['identity', 'catalog', 'media', 'feeds', 'analytics']),
    );
    expect((await filesUnder(storageDir)).some((file) => file.includes(subject))).toBe(true);

    // Delete the account from the profile's Account Settings tab.
    await page.goto(`${baseUrl}/profile?podcastId=${podcastId}`);
    await page.getByRole('tab', { name: 'Account Settings' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
    await dialog.getByLabel('Type DELETE MY ACCOUNT to confirm').fill('delete my account');
    await signOutThrough(page, baseUrl, async () => {
      await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();
      await page.getByText('Your account has been deleted.').waitFor({ timeout: 60_000 });
    });
    expect(await page.evaluate(() => Object.keys(window.sessionStorage))).toEqual([]);

    // Nothing of the user is left: no row in any schema, no stored file.
    expect(await findRowsMentioning(databaseUrl, needles)).toEqual([]);
    expect((await filesUnder(storageDir)).filter((file) => file.includes(subject))).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('an account from sign-up to deletion, with the built-in provider', () => {
  let app: WebAppUnderTest;

  beforeAll(async () => {
    app = await startWebAppUnderTest('journey');
  });

  afterAll(async () => {
    await app?.stop();
  });

  it(
    'signs up, onboards, edits the profile, themes, exports, signs out and in, and deletes everything',
    () => liveThroughAnAccount(app, 'ada@example.com', 'ada_lovelace'),
    JOURNEY_TIMEOUT_MS,
  );
});

describe('an account from sign-up to deletion, with an external issuer', () => {
  let issuer: WebAppUnderTest;
  let app: WebAppUnderTest;

  beforeAll(async () => {
    // The "external" issuer is a second Castbase provider on its own database; the product under test is pointed
    // at it by configuration alone, exactly as it would be at Auth0, Keycloak or Zitadel.
    const appPort = await freePort();
    issuer = await startWebAppUnderTest('issuer', { OIDC_EXTRA_ORIGINS: `http://localhost:${appPort}` });
    app = await startWebAppUnderTest(
      'journeyext',
      {
        OIDC_ISSUER_URL: `${issuer.running.url}/oidc`,
        OIDC_AUDIENCE: 'castbase-api',
        OIDC_CLIENT_ID: 'castbase-web',
      },
      appPort,
    );
  });

  afterAll(async () => {
    await app?.stop();
    await issuer?.stop();
  });

  it(
    'runs the same journey with the gateway and the web app using the external issuer',
    async () => {
      const config = (await (await fetch(`${app.running.url}/api/auth/config`)).json()) as {
        authority: string;
      };
      expect(config.authority).toBe(`${issuer.running.url}/oidc`);
      expect((await fetch(`${app.running.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);

      await liveThroughAnAccount(app, 'grace@example.com', 'grace_hopper');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
