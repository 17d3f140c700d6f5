import { randomUUID } from 'node:crypto';
import { formActionOf, linkOf, type BrowserResponse, type TestBrowser } from './test-browser.js';
import type { PendingAuthorization, TestWebClient, TokenResponse } from './test-web-client.js';

export const TEST_PASSWORD = 'correct horse battery';

/** An e-mail address no other test uses. */
export function newEmail(prefix = 'creator'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Submits the sign-up form of the page the authorization reached (the sign-up page, or sign-in with its link). */
export async function submitSignUp(
  browser: TestBrowser,
  page: BrowserResponse,
  email: string,
  password = TEST_PASSWORD,
  confirmPassword = password,
): Promise<BrowserResponse> {
  const signUpPage = page.body.includes('Create your account')
    ? page
    : await browser.get(linkOf(page, '/sign-up'));
  return browser.post(formActionOf(signUpPage.body, signUpPage.url), { email, password, confirmPassword });
}

export function submitSignIn(
  browser: TestBrowser,
  page: BrowserResponse,
  email: string,
  password = TEST_PASSWORD,
): Promise<BrowserResponse> {
  return browser.post(formActionOf(page.body, page.url), { email, password });
}

/** A new account signed up through the pages, and the tokens the web app got for it. */
export async function signUpNewAccount(
  web: TestWebClient,
  browser: TestBrowser,
  email = newEmail(),
  password = TEST_PASSWORD,
): Promise<{ email: string; tokens: TokenResponse; pending: PendingAuthorization }> {
  const pending = await web.authorize(browser, { prompt: 'create' });
  const tokens = await pending.exchange(await submitSignUp(browser, pending.page, email, password));
  return { email, tokens, pending };
}
