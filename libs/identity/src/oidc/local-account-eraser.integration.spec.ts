import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { waitFor } from '@castbase/platform-testing';
import { LocalAccountEraser } from './accounts/local-account-eraser.js';
import { startOidcTestApp, type OidcTestApp } from './testing/oidc-test-app.js';
import { signUpNewAccount, submitSignIn } from './testing/sign-in-steps.js';
import { WRONG_CREDENTIALS_MESSAGE } from './interactions/sign-in-routes.js';
import { alertOf, formActionOf, linkOf } from './testing/test-browser.js';
import type { TestWebClient } from './testing/test-web-client.js';

/** Every row of the provider's tables that belongs to `subject` or its e-mail. */
async function rowsOf(app: OidcTestApp, subject: string, email: string) {
  const count = async (sql: string, parameter: string) =>
    Number((await app.rows<{ n: string }>(sql, [parameter]))[0]?.n);
  return {
    accounts: await count('select count(*) as n from identity.accounts where id::text = ?', subject),
    payloads: await count('select count(*) as n from identity.oidc_payloads where account_id = ?', subject),
    resetLinks: await count(
      'select count(*) as n from identity.password_reset_tokens where account_id::text = ?',
      subject,
    ),
    mail: await count('select count(*) as n from identity.sent_mail where to_address = ?', email),
  };
}

describe('LocalAccountEraser: account deletion in the built-in provider', () => {
  let app: OidcTestApp;
  let web: TestWebClient;

  beforeAll(async () => {
    app = await startOidcTestApp();
    web = await app.webClient();
  });

  afterAll(async () => {
    await app?.stop();
  });

  /** An account with a session, a grant, a refresh token, a reset link and a kept e-mail. */
  async function accountWithEverything(ip: string) {
    const browser = app.browser(ip);
    const { email, tokens } = await signUpNewAccount(web, browser);
    const own = await web.authorize(browser, { prompt: 'login' });
    const form = await browser.get(linkOf(own.page, '/forgot-password'));
    await browser.post(formActionOf(form.body, form.url), { email });
    const subject = String(decodeJwt(tokens.access_token).sub);
    await waitFor('the reset e-mail', async () => (await rowsOf(app, subject, email)).mail === 1);
    return { browser, email, subject, tokens };
  }

  it("deletes the account, its sessions, grants, tokens, reset links and kept e-mail, in the caller's transaction", async () => {
    const { email, subject, tokens } = await accountWithEverything('10.6.0.1');
    const other = await accountWithEverything('10.6.0.2');
    const before = await rowsOf(app, subject, email);
    expect(before).toMatchObject({ accounts: 1, resetLinks: 1, mail: 1 });
    expect(before.payloads).toBeGreaterThanOrEqual(3);

    const eraser = app.em.fork();
    const erased = await eraser.transactional((em) => new LocalAccountEraser().erase(em, subject));

    expect(erased.sessions).toBeGreaterThanOrEqual(1);
    expect(erased).toEqual({
      accounts: 1,
      sessions: erased.sessions,
      tokens: before.payloads - erased.sessions + before.resetLinks,
      mail: 1,
    });
    expect(await rowsOf(app, subject, email)).toEqual({ accounts: 0, payloads: 0, resetLinks: 0, mail: 0 });
    expect(await rowsOf(app, other.subject, other.email)).toMatchObject({
      accounts: 1,
      resetLinks: 1,
      mail: 1,
    });
    await expect(web.refresh(tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const browser = app.browser('10.6.0.3');
    const { page } = await web.authorize(browser);
    const signIn = await submitSignIn(browser, page, email);
    expect(alertOf(signIn.body)).toBe(WRONG_CREDENTIALS_MESSAGE);
  });

  it('leaves everything in place when the transaction rolls back, and erases nothing for an external subject', async () => {
    const { email, subject } = await accountWithEverything('10.6.0.4');
    const before = await rowsOf(app, subject, email);

    await expect(
      app.em.fork().transactional(async (em) => {
        await new LocalAccountEraser().erase(em, subject);
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    const external = await app.em
      .fork()
      .transactional((em) => new LocalAccountEraser().erase(em, 'auth0|5f7c8ec7c33c6c004bbafe82'));

    expect(await rowsOf(app, subject, email)).toEqual(before);
    expect(external).toEqual({ accounts: 0, sessions: 0, tokens: 0, mail: 0 });
  });
});
