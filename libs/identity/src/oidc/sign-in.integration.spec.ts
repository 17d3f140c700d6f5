import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_LOCK, ATTEMPT_LIMITS } from './accounts/attempt-limits.js';
import { WRONG_CREDENTIALS_MESSAGE } from './interactions/sign-in-routes.js';
import { startOidcTestApp, type OidcTestApp } from './testing/oidc-test-app.js';
import { newEmail, signUpNewAccount, submitSignIn, TEST_PASSWORD } from './testing/sign-in-steps.js';
import { alertOf, fieldErrorOf, headingOf, inputValueOf } from './testing/test-browser.js';
import type { TestWebClient } from './testing/test-web-client.js';

const LIMITED = /^Too many attempts\. Please wait (\d+) minutes? and try again\.$/;

describe('the built-in provider: signing in with a password', () => {
  let app: OidcTestApp;
  let web: TestWebClient;
  let ipCounter = 0;
  const newIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  /** The sign-in page of a new authorization request, from a browser at `ip`. */
  async function signInPage(ip = newIp()) {
    const browser = app.browser(ip);
    const { page, exchange } = await web.authorize(browser);
    return { browser, page, exchange };
  }

  async function attempt(email: string, password: string, ip = newIp()) {
    const { browser, page } = await signInPage(ip);
    return submitSignIn(browser, page, email, password);
  }

  beforeAll(async () => {
    app = await startOidcTestApp();
    web = await app.webClient();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('refuses a wrong password with a clear message and keeps the e-mail in the form', async () => {
    const { email } = await signUpNewAccount(web, app.browser(newIp()));

    const response = await attempt(email, 'not the password');

    expect(response.status).toBe(401);
    expect(headingOf(response.body)).toBe('Sign in');
    expect(alertOf(response.body)).toBe(WRONG_CREDENTIALS_MESSAGE);
    expect(inputValueOf(response.body, 'email')).toBe(email);
    expect(response.body).not.toContain('not the password');
  });

  it('answers an unknown e-mail exactly as a wrong password', async () => {
    const response = await attempt(newEmail('nobody'), TEST_PASSWORD);
    expect(response.status).toBe(401);
    expect(alertOf(response.body)).toBe(WRONG_CREDENTIALS_MESSAGE);
  });

  it('explains a malformed e-mail and a missing password beside their fields', async () => {
    const { browser, page } = await signInPage();
    const response = await submitSignIn(browser, page, 'someone@', '');
    expect(response.status).toBe(400);
    expect(fieldErrorOf(response.body, 'email')).toBe('Please enter a valid email address');
    expect(fieldErrorOf(response.body, 'password')).toBe('Password is required');
  });

  it('takes e-mails in any case, as they were stored lower-cased', async () => {
    const { email } = await signUpNewAccount(web, app.browser(newIp()), newEmail('MixedCase'));
    const { browser, page, exchange } = await signInPage();
    const tokens = await exchange(await submitSignIn(browser, page, email.toUpperCase()));
    expect(tokens.access_token).toEqual(expect.any(String));
  });

  it(`stops an e-mail after ${ATTEMPT_LIMITS.signInPerEmailAndIp.points} wrong passwords from one address, even with the right one, while other addresses still sign in`, async () => {
    const { email } = await signUpNewAccount(web, app.browser(newIp()));
    const ip = newIp();
    for (let i = 0; i < ATTEMPT_LIMITS.signInPerEmailAndIp.points; i++)
      expect((await attempt(email, `wrong ${i}`, ip)).status).toBe(401);

    const limited = await attempt(email, TEST_PASSWORD, ip);

    expect(limited.status).toBe(429);
    expect(alertOf(limited.body)).toMatch(LIMITED);
    expect(Number(LIMITED.exec(alertOf(limited.body) ?? '')?.[1])).toBeLessThanOrEqual(15);
    const elsewhere = await signInPage();
    const tokens = await elsewhere.exchange(await submitSignIn(elsewhere.browser, elsewhere.page, email));
    expect(tokens.access_token).toEqual(expect.any(String));
  });

  it(`locks the account after ${ACCOUNT_LOCK.afterFailures} wrong passwords in a row from any addresses`, async () => {
    const { email } = await signUpNewAccount(web, app.browser(newIp()));
    for (let i = 0; i < ACCOUNT_LOCK.afterFailures; i++)
      expect((await attempt(email, `wrong ${i}`)).status).toBe(401);

    const locked = await attempt(email, TEST_PASSWORD);

    expect(locked.status).toBe(429);
    expect(alertOf(locked.body)).toBe(
      `Too many attempts. Please wait ${ACCOUNT_LOCK.minutes} minutes and try again.`,
    );
    const [row] = await app.rows<{ failed_sign_ins: number; locked: boolean }>(
      'select failed_sign_ins, locked_until > now() as locked from identity.accounts where email = ?',
      [email],
    );
    expect(row).toEqual({ failed_sign_ins: ACCOUNT_LOCK.afterFailures, locked: true });
  });

  it('keeps no e-mail address in the attempt counters', async () => {
    const email = newEmail('private');
    await attempt(email, 'wrong');
    const keys = await app.rows<{ key: string }>('select key from identity.rate_limits');
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.map(({ key }) => key).join(' ')).not.toContain('@');
  });
});
