/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { passwordMessages } from '@castbase/contracts';
import {
  describedTextOf,
  expectAccessibleInBothThemes,
  tabThroughPage,
  waitForFocusOn,
} from './support/accessibility.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signUp, TEST_PASSWORD } from './support/web-journey.js';

// The built-in provider's own pages (sign-up, sign-in, password reset, the local mail page), reached as a person
// reaches them from the web app, audited in both themes in each state, and tried with the keyboard.

const NEW_PASSWORD = 'a brand new passphrase';

describe("the built-in provider's pages for everyone", () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startWebAppUnderTest('providera11y');
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

  /** An account made through the web app's Get Started, in a context of its own. */
  async function createAccount(email: string): Promise<void> {
    const other = await app.browser.newContext();
    const signUpPage = await other.newPage();
    signUpPage.setDefaultTimeout(20_000);
    await signUp(signUpPage, app.running.url, email);
    await signUpPage.waitForURL(`${app.running.url}/onboarding?mode=profile-creation`);
    await other.close();
  }

  it('opens the sign-up form on its first field, and shown again with errors, on the first field in error', async () => {
    await page.goto(`${app.running.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    expect(await page.title()).toBe('Create your account · Castbase');
    await waitForFocusOn(page.getByLabel('Email'));
    await expectAccessibleInBothThemes(page, 'the sign-up page');

    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill('something else entirely');
    await page.getByRole('button', { name: 'Create account' }).click();

    const confirm = page.getByLabel('Confirm password');
    await waitForFocusOn(confirm);
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await describedTextOf(confirm)).toBe(passwordMessages.mismatch);
    expect(await page.getByLabel('Email').inputValue()).toBe('ada@example.com');
    await expectAccessibleInBothThemes(page, 'the sign-up page with errors');
  });

  it('announces a refused sign-in, and Tab reaches every control of the page with a visible ring', async () => {
    await createAccount('grace@example.com');
    await page.goto(`${app.running.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await page.title()).toBe('Sign in · Castbase');
    await expectAccessibleInBothThemes(page, 'the sign-in page');

    const { stops, unreached } = await tabThroughPage(page);
    expect(unreached).toEqual([]);
    expect(stops.filter((stop) => !stop.ringVisible).map((stop) => stop.element)).toEqual([]);
    expect(stops.map((stop) => stop.element)).toEqual(
      expect.arrayContaining(['input', 'a "Forgot password?"', 'button "Sign in"', 'a "Create an account"']),
    );

    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.getByRole('alert').waitFor();
    await waitForFocusOn(page.getByLabel('Password', { exact: true }));
    await expectAccessibleInBothThemes(page, 'the sign-in page after a refused sign-in');
  });

  it('takes a forgotten password through the e-mail, the local mail page and the new-password form', async () => {
    await createAccount('hedy@example.com');
    await page.goto(`${app.running.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    expect(await page.title()).toBe('Reset your password · Castbase');
    await expectAccessibleInBothThemes(page, 'the password reset request');

    await page.getByLabel('Email').fill('hedy@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await expectAccessibleInBothThemes(page, 'the check-your-email page');

    await page.goto(`${app.running.url}/oidc/mail`);
    const mail = page.getByRole('article').filter({ hasText: 'hedy@example.com' });
    await mail.waitFor();
    expect(await page.title()).toBe('Sent mail · Castbase');
    await expectAccessibleInBothThemes(page, 'the local mail page with a message');

    await mail.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await waitForFocusOn(page.getByLabel('New password', { exact: true }));
    await expectAccessibleInBothThemes(page, 'the new-password form');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('not the same');
    await page.getByRole('button', { name: 'Set new password' }).click();
    const confirm = page.getByLabel('Confirm new password');
    await waitForFocusOn(confirm);
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await describedTextOf(confirm)).toBe(passwordMessages.mismatch);
    await expectAccessibleInBothThemes(page, 'the new-password form with errors');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
    await expectAccessibleInBothThemes(page, 'the password-changed page');
  });
});
