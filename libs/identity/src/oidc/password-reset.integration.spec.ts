import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { waitFor } from '@castbase/platform-testing';
import { ATTEMPT_LIMITS } from './accounts/attempt-limits.js';
import { startOidcTestApp, type OidcTestApp } from './testing/oidc-test-app.js';
import { newEmail, signUpNewAccount, submitSignIn, TEST_PASSWORD } from './testing/sign-in-steps.js';
import {
  alertOf,
  fieldErrorOf,
  formActionOf,
  headingOf,
  linkOf,
  type TestBrowser,
} from './testing/test-browser.js';
import { startTestSmtpServer } from './testing/test-smtp-server.js';
import type { TestWebClient } from './testing/test-web-client.js';

const NEW_PASSWORD = 'a brand new passphrase';

/** Opens "Forgot password?" from a new sign-in page and asks for a link for `email`. */
async function requestResetLink(web: TestWebClient, browser: TestBrowser, email: string) {
  const { page } = await web.authorize(browser);
  const form = await browser.get(linkOf(page, '/forgot-password'));
  expect(headingOf(form.body)).toBe('Reset your password');
  return browser.post(formActionOf(form.body, form.url), { email });
}

function resetLinkIn(text: string, issuer: string): string {
  const link = new RegExp(`${issuer}/reset-password/[A-Za-z0-9_-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return link;
}

async function submitNewPassword(
  browser: TestBrowser,
  link: string,
  password: string,
  confirmPassword = password,
) {
  const page = await browser.get(link);
  expect(headingOf(page.body)).toBe('Choose a new password');
  return browser.post(formActionOf(page.body, page.url), { password, confirmPassword });
}

describe('the built-in provider: password reset with mail kept locally', () => {
  let app: OidcTestApp;
  let web: TestWebClient;
  let ipCounter = 0;
  const newBrowser = () => app.browser(`10.3.0.${++ipCounter}`);

  /** The link of the newest kept e-mail to `email`, read from the local sent-mail page. */
  async function linkFromMailPage(email: string): Promise<string> {
    return waitFor(`a reset e-mail to ${email} on /oidc/mail`, async () => {
      const page = await (await fetch(`${app.issuer}/mail`)).text();
      const mail = page.split('<article class="mail">').find((article) => article.includes(`To ${email}`));
      return mail ? resetLinkIn(mail, app.issuer) : undefined;
    });
  }

  beforeAll(async () => {
    app = await startOidcTestApp();
    web = await app.webClient();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('answers a known and an unknown e-mail alike, and mails a link valid for an hour only to the known one', async () => {
    const { email } = await signUpNewAccount(web, newBrowser());
    const unknown = newEmail('unknown');

    const known = await requestResetLink(web, newBrowser(), email);
    const stranger = await requestResetLink(web, newBrowser(), unknown);

    expect(known.status).toBe(200);
    expect(headingOf(known.body)).toBe('Check your email');
    expect(stranger.status).toBe(200);
    const withoutUid = (body: string) => body.replace(/\/interaction\/[^/]+\//g, '/interaction/UID/');
    expect(withoutUid(stranger.body.replace(unknown, email))).toBe(withoutUid(known.body));
    const link = await linkFromMailPage(email);
    const mails = await app.rows<{ to_address: string; subject: string }>(
      'select to_address, subject from identity.sent_mail',
    );
    expect(mails).toEqual([{ to_address: email, subject: 'Reset your Castbase password' }]);
    const [stored] = await app.rows<{ token_hash: string; lifetime_minutes: number }>(
      `select token_hash, round(extract(epoch from expires_at - created_at) / 60) as lifetime_minutes
         from identity.password_reset_tokens`,
    );
    expect(Number(stored?.lifetime_minutes)).toBe(60);
    expect(link).not.toContain(stored?.token_hash);
  });

  it('sets the new password with the link: it signs in, the old one fails, the link works once, other sessions end', async () => {
    const browser = newBrowser();
    const { email, tokens } = await signUpNewAccount(web, browser);
    await requestResetLink(web, newBrowser(), email);
    const link = await linkFromMailPage(email);

    const changed = await submitNewPassword(newBrowser(), link, NEW_PASSWORD);

    expect(changed.status).toBe(200);
    expect(headingOf(changed.body)).toBe('Password changed');
    await expect(web.refresh(tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const oldBrowser = newBrowser();
    const old = await web.authorize(oldBrowser);
    const refused = await submitSignIn(oldBrowser, old.page, email, TEST_PASSWORD);
    expect(alertOf(refused.body)).toBe('Incorrect email or password.');
    const fresh = newBrowser();
    const next = await web.authorize(fresh);
    const renewed = await next.exchange(await submitSignIn(fresh, next.page, email, NEW_PASSWORD));
    expect(decodeJwt(renewed.access_token)).toMatchObject({ email, email_verified: true });
    const reused = await newBrowser().get(link);
    expect(reused.status).toBe(410);
    expect(headingOf(reused.body)).toBe('This link no longer works');
    const replayed = await newBrowser().post(link, {
      password: 'another one 123',
      confirmPassword: 'another one 123',
    });
    expect(replayed.status).toBe(410);
  });

  it('explains a short or mismatched new password and leaves the link usable', async () => {
    const { email } = await signUpNewAccount(web, newBrowser());
    await requestResetLink(web, newBrowser(), email);
    const link = await linkFromMailPage(email);

    const short = await submitNewPassword(newBrowser(), link, 'short');
    const mismatched = await submitNewPassword(newBrowser(), link, NEW_PASSWORD, 'something else');

    expect(fieldErrorOf(short.body, 'password')).toBe('Password must be at least 8 characters');
    expect(fieldErrorOf(mismatched.body, 'confirmPassword')).toBe('Passwords do not match');
    expect((await newBrowser().get(link)).status).toBe(200);
  });

  it(`refuses more than ${ATTEMPT_LIMITS.passwordResetRequestsPerEmail.points} reset requests for one e-mail an hour`, async () => {
    const email = newEmail('flooded');
    for (let i = 0; i < ATTEMPT_LIMITS.passwordResetRequestsPerEmail.points; i++)
      expect((await requestResetLink(web, newBrowser(), email)).status).toBe(200);

    const limited = await requestResetLink(web, newBrowser(), email);

    expect(limited.status).toBe(429);
    expect(alertOf(limited.body)).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
  });
});

describe('the built-in provider: password reset through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let app: OidcTestApp;
  let web: TestWebClient;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    app = await startOidcTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Castbase Test <accounts@example.com>' },
    });
    web = await app.webClient();
  });

  afterAll(async () => {
    await app?.stop();
    await smtp?.close();
  });

  it('sends the reset link by SMTP from MAIL_FROM, keeps no copy, and has no local mail page', async () => {
    const { email } = await signUpNewAccount(web, app.browser('10.4.0.1'));

    await requestResetLink(web, app.browser('10.4.0.2'), email);

    const mail = await waitFor('the reset e-mail at the SMTP server', () =>
      smtp.received.find((received) => received.to.includes(email)),
    );
    expect(mail.raw).toContain('From: Castbase Test <accounts@example.com>');
    expect(mail.raw).toContain('Subject: Reset your Castbase password');
    const changed = await submitNewPassword(
      app.browser('10.4.0.3'),
      resetLinkIn(mail.raw, app.issuer),
      NEW_PASSWORD,
    );
    expect(headingOf(changed.body)).toBe('Password changed');
    expect(await app.rows('select id from identity.sent_mail')).toEqual([]);
    expect((await fetch(`${app.issuer}/mail`)).status).toBe(404);
  });
});
