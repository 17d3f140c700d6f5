/// <reference lib="dom" />
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Podcast } from '@castbase/contracts';
import { ApiClient } from './api-client.js';

// The steps of a creator's journey through the web app and the built-in sign-in pages, shared by the browser tests.

export const TEST_PASSWORD = 'correct horse battery staple';

/** A solid-colour PNG of the given size: album art or an avatar the media service accepts. */
export function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3c)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Get Started on the landing page, then the sign-up form of a Castbase provider. An issuer that opens on its sign-in
 * page (as an external one does: the app sends no sign-up parameters to it) is asked for the sign-up form by link.
 */
export async function signUp(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
  const confirm = page.getByLabel('Confirm password');
  const createLink = page.getByRole('link', { name: 'Create an account' });
  await confirm.or(createLink).waitFor();
  if (await createLink.isVisible()) await createLink.click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Sign In on the landing page, then the built-in provider's sign-in form. */
export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

/** Phase 1 of onboarding and the welcome modal. */
export async function setUpProfile(page: Page, username: string): Promise<void> {
  await page.getByRole('heading', { name: 'Set Up Your Profile' }).waitFor();
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Username').fill(username);
  await page.getByText('Username is available').waitFor();
  await page.getByRole('button', { name: 'Create Profile' }).click();
  await page.getByRole('dialog', { name: 'Welcome to Castbase!' }).waitFor();
  await page.getByRole('button', { name: 'Continue to Podcast Creation →' }).click();
}

/** The four wizard steps with valid answers and album art; ends on the new podcast's dashboard. Returns its id. */
export async function createPodcastWithWizard(page: Page, name: string): Promise<string> {
  await page.getByText('Step 1 of 4').waitFor();
  await page.getByLabel('Podcast name').fill(name);
  await page
    .getByLabel('Description')
    .fill('A daily show about the signals that shape the morning news, with guests and listener questions.');
  await page.getByRole('combobox', { name: 'Category', exact: true }).click();
  await page.getByRole('option', { name: 'Technology' }).click();
  await page.getByLabel('Tags').fill('technology, news');
  await page.getByLabel('Tags').press('Enter');
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByText('Step 2 of 4').waitFor();
  await page.getByLabel('Host name').fill('Ada Lovelace');
  await page.getByRole('radio', { name: 'Clean' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByText('Step 3 of 4').waitFor();
  await page
    .getByLabel('Album art')
    .setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: solidPng(1400, 1400) });
  await page.getByRole('button', { name: 'Remove' }).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByText('Step 4 of 4').waitFor();
  await page.getByRole('button', { name: 'Create podcast' }).click();
  await page.waitForURL(/\/p\/[0-9a-f-]{36}\/dashboard$/);
  return new URL(page.url()).pathname.split('/')[2] ?? '';
}

/** The access token and subject the app holds for the signed-in user (oidc-client-ts keeps them in localStorage). */
export async function sessionOf(
  page: Page,
): Promise<{ accessToken: string; subject: string; email: string }> {
  const stored = await page.evaluate(() => {
    const key = Object.keys(window.localStorage).find((candidate) => candidate.startsWith('oidc.user:'));
    return key ? window.localStorage.getItem(key) : null;
  });
  if (!stored) throw new Error('No signed-in user in localStorage');
  const user = JSON.parse(stored) as { access_token: string; profile: { sub: string; email?: string } };
  return { accessToken: user.access_token, subject: user.profile.sub, email: user.profile.email ?? '' };
}

/** The API as the signed-in browser calls it, with the access token the sign-in left on the device. */
export async function browserApi(page: Page, baseUrl: string): Promise<ApiClient> {
  const { accessToken } = await sessionOf(page);
  return new ApiClient(baseUrl).withHeaders({ authorization: `Bearer ${accessToken}` });
}

export type DeviceStorage = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Ada, signed up at the built-in provider in a browser of her own, with a profile and the named podcasts made
 * through the API with the access token the app holds. Returns what the signed-in device keeps (for each test's
 * fresh context) and the podcasts, in order.
 */
export async function signedUpCreator(
  browser: Browser,
  baseUrl: string,
  podcastNames: readonly string[],
): Promise<{ storageState: DeviceStorage; podcasts: Podcast[] }> {
  const setup = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 860 } });
  const page = await setup.newPage();
  page.setDefaultTimeout(20_000);
  await signUp(page, baseUrl, 'ada@example.com');
  await page.waitForURL(`${baseUrl}/onboarding?mode=profile-creation`);
  const api = await browserApi(page, baseUrl);
  await api.ok('POST', '/api/profile', { firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
  const podcasts: Podcast[] = [];
  for (const name of podcastNames) podcasts.push(await api.ok<Podcast>('POST', '/api/podcasts', { name }));
  const storageState = await setup.storageState();
  await setup.close();
  return { storageState, podcasts };
}

/** The colour scheme Mantine has applied to the page ('light' or 'dark'), or null before it has. */
export function colorSchemeOf(page: Page): Promise<string | null> {
  return page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
}

/** Waits until Mantine has applied the given colour scheme to the page. */
export async function waitForColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.waitForFunction(
    (expected) => document.documentElement.getAttribute('data-mantine-color-scheme') === expected,
    scheme,
  );
}

/**
 * Runs `signOut` (a Log Out, or an account deletion that ends in one) and waits for the sign-out's round trip through
 * the issuer's end-session page back to the landing page. The wait for the end-session request starts before the
 * action: that page can come and go before a later wait would see it. (Log Out on the landing page starts at '/',
 * so waiting for '/' alone would stop before the page leaves.)
 */
export async function signOutThrough(
  page: Page,
  baseUrl: string,
  signOut: () => Promise<unknown>,
): Promise<void> {
  const endSession = page.waitForRequest(/\/oidc\/session\/end/, { timeout: 90_000 });
  await signOut();
  await endSession;
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
}
