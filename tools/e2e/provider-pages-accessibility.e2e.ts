/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { passwordMessages, validationMessages } from '@castbase/contracts';
import {
  describedTextOf,
  expectAccessibleInBothThemes,
  tabThroughPage,
  waitForFocusOn,
} from './support/accessibility.js';
import { faintFocusRings, faintInputBorders } from './support/non-text-contrast.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signUp, TEST_PASSWORD } from './support/web-journey.js';

// The built-in provider's own pages (sign-up, sign-in, password reset, the local mail page, sign-out and the pages
// that say something went wrong), reached as a person reaches them, audited in both themes in each state, and
// tried with the keyboard and as a screen reader reads them.

const NEW_PASSWORD = 'a brand new passphrase';
const WRONG_CREDENTIALS = 'Incorrect email or password.';

/** What every provider page gives a screen reader: its own tab name, one main landmark, one h1, labelled inputs. */
async function expectPageBasics(page: Page, title: string): Promise<void> {
  expect(await page.title()).toBe(`${title} · Castbase`);
  expect(await page.getByRole('main').count()).toBe(1);
  expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
  const unlabelled = await page
    .locator('input:not([type="hidden"])')
    .evaluateAll((inputs) =>
      inputs
        .filter((input) => (input as HTMLInputElement).labels?.length === 0)
        .map((input) => input.outerHTML),
    );
  expect(unlabelled).toEqual([]);
}

/** A field shown in error: marked invalid, with `message` among what describes it. */
async function expectFieldError(field: Locator, message: string): Promise<void> {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await describedTextOf(field)).toContain(message);
}

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

  async function openSignIn(): Promise<void> {
    await page.goto(`${app.running.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  }

  it('opens the sign-up form on its first field, and shown again with errors, on the first field in error', async () => {
    await createAccount('taken@example.com');
    await page.goto(`${app.running.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await expectPageBasics(page, 'Create your account');
    const email = page.getByLabel('Email');
    await waitForFocusOn(email);
    await expectAccessibleInBothThemes(page, 'the sign-up page');

    await page.getByRole('button', { name: 'Create account' }).click();
    await expectFieldError(page.getByLabel('Email'), validationMessages.emailRequired);
    await waitForFocusOn(page.getByLabel('Email'));
    await expectFieldError(page.getByLabel('Password', { exact: true }), passwordMessages.required);
    await expectPageBasics(page, 'Create your account');
    await expectAccessibleInBothThemes(page, 'the sign-up page with every field in error');

    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill('something else entirely');
    await page.getByRole('button', { name: 'Create account' }).click();
    const confirm = page.getByLabel('Confirm password');
    await waitForFocusOn(confirm);
    expect(await describedTextOf(confirm)).toBe(passwordMessages.mismatch);
    expect(await confirm.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Email').inputValue()).toBe('ada@example.com');
    await expectAccessibleInBothThemes(page, 'the sign-up page with mismatched passwords');

    await page.getByLabel('Email').fill('taken@example.com');
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForFocusOn(page.getByLabel('Email'));
    await expectFieldError(
      page.getByLabel('Email'),
      'An account with this email already exists. Sign in instead.',
    );
    await expectAccessibleInBothThemes(page, 'the sign-up page with an e-mail already taken');
  });

  it('shows every link, field and button of the sign-in page a 2px focus ring at 3:1 in both schemes as Tab reaches it', async () => {
    await openSignIn();
    await expectPageBasics(page, 'Sign in');
    await expectAccessibleInBothThemes(page, 'the sign-in page');

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const { stops, unreached } = await tabThroughPage(page);
      expect(unreached).toEqual([]);
      expect(stops).toEqual(
        [
          'a "Castbase"',
          'input',
          'input',
          'a "Forgot password?"',
          'button "Sign in"',
          'a "Create an account"',
        ].map((element) => ({ element, ringVisible: true })),
      );
      expect({ colorScheme, faint: await faintFocusRings(page) }).toEqual({ colorScheme, faint: [] });
    }
    expect(await faintInputBorders(page)).toEqual([]);

    await page.getByRole('button', { name: /^sign in$/i }).hover();
    await expectAccessibleInBothThemes(page, 'the sign-in page with the pointer on its button');
  });

  it('focuses the first field in error of a sign-in, and the alert of a refused one', async () => {
    await createAccount('grace@example.com');
    await openSignIn();
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await waitForFocusOn(page.getByLabel('Email'));
    await expectFieldError(page.getByLabel('Email'), validationMessages.emailRequired);
    await expectFieldError(page.getByLabel('Password', { exact: true }), passwordMessages.required);
    await expectPageBasics(page, 'Sign in');
    await expectAccessibleInBothThemes(page, 'the sign-in page with both fields in error');
    expect(await faintInputBorders(page)).toEqual([]);

    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    const alert = page.getByRole('alert');
    await waitForFocusOn(alert.locator('xpath=..'));
    expect(await alert.textContent()).toBe(WRONG_CREDENTIALS);
    expect(await page.getByLabel('Email').inputValue()).toBe('grace@example.com');
    await expectAccessibleInBothThemes(page, 'the sign-in page after a refused sign-in');
    await page.keyboard.press('Tab');
    await waitForFocusOn(page.getByLabel('Email'));
  });

  it('takes a forgotten password through the e-mail, the local mail page and the new-password form', async () => {
    await createAccount('hedy@example.com');
    await openSignIn();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await expectPageBasics(page, 'Reset your password');
    await expectAccessibleInBothThemes(page, 'the password reset request');

    await page.getByLabel('Email').fill('hedy@');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await waitForFocusOn(page.getByLabel('Email'));
    await expectFieldError(page.getByLabel('Email'), validationMessages.emailInvalid);
    await expectAccessibleInBothThemes(page, 'the password reset request with an invalid e-mail');

    await page.getByLabel('Email').fill('hedy@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await expectPageBasics(page, 'Check your email');
    await expectAccessibleInBothThemes(page, 'the check-your-email page');

    await page.goto(`${app.running.url}/oidc/mail`);
    const mail = page.getByRole('article').filter({ hasText: 'hedy@example.com' });
    await mail.waitFor();
    await expectPageBasics(page, 'Sent mail');
    await expectAccessibleInBothThemes(page, 'the local mail page with a message');

    const resetLink = (await mail.getByRole('link').first().getAttribute('href')) ?? '';
    await page.goto(resetLink);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expectPageBasics(page, 'Choose a new password');
    await waitForFocusOn(page.getByLabel('New password', { exact: true }));
    await expectAccessibleInBothThemes(page, 'the new-password form');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('not the same');
    await page.getByRole('button', { name: 'Set new password' }).click();
    const confirm = page.getByLabel('Confirm new password');
    await waitForFocusOn(confirm);
    await expectFieldError(confirm, passwordMessages.mismatch);
    await expectAccessibleInBothThemes(page, 'the new-password form with errors');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
    await expectPageBasics(page, 'Password changed');
    await expectAccessibleInBothThemes(page, 'the password-changed page');

    await page.goto(resetLink);
    await page.getByRole('heading', { level: 1, name: 'This link no longer works' }).waitFor();
    await expectPageBasics(page, 'Link expired');
    await expectAccessibleInBothThemes(page, 'the page of a used reset link');
  });

  it('signs out through a labelled page, and says plainly when a page has expired or a request is wrong', async () => {
    await signUp(page, app.running.url, 'ida@example.com');
    await page.waitForURL(`${app.running.url}/onboarding?mode=profile-creation`);
    // The signing-out page submits itself as it loads; without its script it waits for the button, as it does in a
    // browser without JavaScript, and can be audited.
    await page.route('**/oidc/assets/auto-submit.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: '' }),
    );
    await page.goto(`${app.running.url}/oidc/session/end`);
    await page.getByRole('heading', { level: 1, name: 'Signing you out…' }).waitFor();
    await expectPageBasics(page, 'Signing out');
    await expectAccessibleInBothThemes(page, 'the signing-out page');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: "You're signed out" }).waitFor();
    await expectPageBasics(page, 'Signed out');
    await expectAccessibleInBothThemes(page, 'the signed-out page');

    await page.goto(`${app.running.url}/oidc/interaction/no-such-interaction/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'This page has expired' }).waitFor();
    await expectPageBasics(page, 'Page expired');
    await expectAccessibleInBothThemes(page, 'the expired sign-in page');

    const unknownClient = new URLSearchParams({
      client_id: 'no-such-client',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: `${app.running.url}/callback`,
    });
    await page.goto(`${app.running.url}/oidc/auth?${unknownClient.toString()}`);
    await page.getByRole('heading', { level: 1, name: 'Something went wrong' }).waitFor();
    await expectPageBasics(page, 'Something went wrong');
    await page.getByRole('alert').waitFor();
    await expectAccessibleInBothThemes(page, 'the error page');
  });
});
