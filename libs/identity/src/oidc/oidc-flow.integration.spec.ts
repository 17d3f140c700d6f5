import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { startOidcTestApp, type OidcTestApp } from './testing/oidc-test-app.js';
import {
  newEmail,
  signUpNewAccount,
  submitSignIn,
  submitSignUp,
  TEST_PASSWORD,
} from './testing/sign-in-steps.js';
import {
  formActionOf,
  headingOf,
  hiddenInputsOf,
  inputValueOf,
  type TestBrowser,
} from './testing/test-browser.js';
import type { TestWebClient } from './testing/test-web-client.js';

describe('the built-in OpenID Connect provider: authorization code flow with PKCE', () => {
  let app: OidcTestApp;
  let web: TestWebClient;
  let ipCounter = 0;
  const newBrowser = (): TestBrowser => app.browser(`10.1.0.${++ipCounter}`);

  beforeAll(async () => {
    app = await startOidcTestApp();
    web = await app.webClient();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('publishes its discovery document: the issuer below PUBLIC_URL, S256 PKCE, refresh tokens', async () => {
    const discovery = (await (
      await fetch(`${app.issuer}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: app.issuer,
      jwks_uri: `${app.issuer}/jwks`,
      authorization_endpoint: `${app.issuer}/auth`,
      end_session_endpoint: `${app.issuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery['grant_types_supported']).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(discovery['scopes_supported']).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    );
  });

  it('signs a new user up through prompt=create and gives the web app a JWT access token for the API and a refresh token', async () => {
    const browser = newBrowser();
    const email = newEmail('Signup');
    const pending = await web.authorize(browser, { prompt: 'create' });
    expect(pending.page.status).toBe(200);
    expect(headingOf(pending.page.body)).toBe('Create your account');

    const tokens = await pending.exchange(await submitSignUp(browser, pending.page, email));

    const keys = createRemoteJWKSet(new URL(`${app.issuer}/jwks`));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, keys, {
      issuer: app.issuer,
      audience: 'castbase-api',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      email: email.toLowerCase(),
      email_verified: false,
      client_id: 'castbase-web',
    });
    const [account] = await app.rows<{ id: string; email: string; password_hash: string }>(
      'select id, email, password_hash from identity.accounts where email = ?',
      [email.toLowerCase()],
    );
    expect(payload.sub).toBe(account?.id);
    expect(account?.password_hash).toMatch(/^\$argon2id\$/);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(decodeJwt(tokens.id_token!)).toMatchObject({ sub: account?.id, email: email.toLowerCase() });
  });

  it('refreshes: a new access token for the API, and the refresh token rotates', async () => {
    const { tokens } = await signUpNewAccount(web, newBrowser());

    const refreshed = await web.refresh(tokens.refresh_token!);

    const claims = decodeJwt(refreshed.access_token);
    expect(claims).toMatchObject({
      aud: 'castbase-api',
      iss: app.issuer,
      sub: decodeJwt(tokens.access_token).sub,
    });
    expect(decodeProtectedHeader(refreshed.access_token).alg).toBe('RS256');
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('opens the sign-in page by default and the sign-up page for screen_hint=signup', async () => {
    const signIn = await web.authorize(newBrowser());
    expect(headingOf(signIn.page.body)).toBe('Sign in');
    expect(signIn.page.body).toContain('Forgot password?');
    const signUp = await web.authorize(newBrowser(), { screen_hint: 'signup' });
    expect(headingOf(signUp.page.body)).toBe('Create your account');
  });

  it('signs an existing user in without a consent screen, and a second authorization needs no sign-in', async () => {
    const email = newEmail();
    await signUpNewAccount(web, newBrowser(), email);
    const browser = newBrowser();

    const pending = await web.authorize(browser);
    const tokens = await pending.exchange(await submitSignIn(browser, pending.page, email));
    expect(decodeJwt(tokens.access_token).email).toBe(email);

    const again = await web.authorize(browser);
    expect(again.page.location).toMatch(new RegExp(`^${app.redirectUri}\\?code=`));
    expect(decodeJwt((await again.exchange(again.page)).access_token).sub).toBe(
      decodeJwt(tokens.access_token).sub,
    );
  });

  it('keeps the e-mail and explains each problem inline when a sign-up is wrong', async () => {
    const browser = newBrowser();
    const pending = await web.authorize(browser, { prompt: 'create' });

    const invalid = await submitSignUp(browser, pending.page, 'not-an-email', 'short', 'different');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain('Please enter a valid email address');
    expect(invalid.body).toContain('Password must be at least 8 characters');
    expect(invalid.body).toContain('Passwords do not match');
    expect(inputValueOf(invalid.body, 'email')).toBe('not-an-email');
    expect(inputValueOf(invalid.body, 'password')).toBeNull();
    expect(invalid.body).not.toMatch(/value="(short|different)"/);

    const taken = newEmail();
    await signUpNewAccount(web, newBrowser(), taken);
    const duplicate = await submitSignUp(browser, invalid, taken, TEST_PASSWORD);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toContain('An account with this email already exists. Sign in instead.');
  });

  it('signs out through end-session without a question and returns to PUBLIC_URL/?logout=true; the refresh token dies', async () => {
    const browser = newBrowser();
    const { tokens } = await signUpNewAccount(web, browser);

    const page = await browser.get(web.endSessionUrl(tokens.id_token!, `${app.url}/?logout=true`));
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<script src="/oidc/assets/auto-submit.js" defer></script>`);
    expect(page.body).toContain('data-auto-submit');
    const confirmed = await browser.post(formActionOf(page.body, page.url), hiddenInputsOf(page.body));

    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(`${app.url}/?logout=true`);
    await expect(web.refresh(tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    const next = await web.authorize(browser);
    expect(headingOf(next.page.body)).toBe('Sign in');
  });

  it('serves its pages under a policy without inline scripts, with the script and stylesheet from its own origin', async () => {
    const { page } = await web.authorize(newBrowser());
    const response = await fetch(page.url);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain(`form-action 'self' ${app.url}`);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const script = await fetch(`${app.issuer}/assets/auto-submit.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    const css = await (await fetch(`${app.issuer}/assets/castbase.css`)).text();
    expect(css).toContain('#228be6');
    expect(css).toContain('prefers-color-scheme: dark');
    expect(css).toContain('min-height: 44px');
  });
});
