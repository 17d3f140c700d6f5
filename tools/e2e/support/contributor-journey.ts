import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserApi, signUp } from './web-journey.js';

/**
 * Someone invited to a podcast signs up at the built-in provider with the invited e-mail, in a browser of their own,
 * and makes a profile (named after the e-mail's local part) through the API with the token the app holds.
 */
export async function signedUpContributor(
  browser: Browser,
  baseUrl: string,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signUp(page, baseUrl, email);
  await page.waitForURL(`${baseUrl}/onboarding?mode=profile-creation`);
  const api = await browserApi(page, baseUrl);
  const username = email.split('@')[0] ?? 'someone';
  await api.ok('POST', '/api/profile', { firstName: username, lastName: 'Tester', username });
  return { context, page };
}
