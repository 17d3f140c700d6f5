import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import type { Browser } from 'playwright-core';
import { authConfigSchema } from '@castbase/contracts';
import type { RunningProcess } from '@castbase/platform-runtime';
import { createTestDatabase, freePort, launchBrowser, type TestDatabase } from '@castbase/platform-testing';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import {
  formActionOf,
  headingOf,
  hiddenInputsOf,
  TestBrowser,
} from '../../libs/identity/src/oidc/testing/test-browser.js';
import { newEmail, submitSignUp, TEST_PASSWORD } from '../../libs/identity/src/oidc/testing/sign-in-steps.js';
import { TestWebClient } from '../../libs/identity/src/oidc/testing/test-web-client.js';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { testProcessEnv } from './support/test-process-env.js';

const getAuthConfig = async (baseUrl: string) =>
  authConfigSchema.parse(await (await fetch(`${baseUrl}/api/auth/config`)).json());

describe('sign-in with the built-in provider in the all-in-one process', () => {
  let database: TestDatabase;
  let running: RunningProcess;

  beforeAll(async () => {
    database = await createTestDatabase('signin');
    running = await runAllInOne(await testProcessEnv(database, await freePort(), 'in-process'));
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('tells the web app, without sign-in, to use the built-in provider at PUBLIC_URL/oidc', async () => {
    expect(await getAuthConfig(running.url)).toEqual({
      authority: `${running.url}/oidc`,
      clientId: 'castbase-web',
      scope: 'openid profile email offline_access',
      audience: null,
      signUpParams: { prompt: 'create' },
    });
  });

  it('signs a creator up, and the gateway accepts the access token and its refreshed successor on /api/podcasts', async () => {
    const config = await getAuthConfig(running.url);
    const web = await TestWebClient.discover(config.authority, config.clientId, `${running.url}/callback`);
    const browser = new TestBrowser();
    const email = newEmail('e2e');
    const pending = await web.authorize(browser, { ...config.signUpParams, scope: config.scope });
    expect(headingOf(pending.page.body)).toBe('Create your account');

    const tokens = await pending.exchange(await submitSignUp(browser, pending.page, email));

    const api = (token: string, init: RequestInit = {}) =>
      fetch(`${running.url}/api/podcasts`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    expect((await api(tokens.access_token)).status).toBe(200);
    const created = await api(tokens.access_token, {
      method: 'POST',
      body: JSON.stringify({ name: 'Signed In' }),
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { ownerId: string }).ownerId).toBe(decodeJwt(tokens.access_token).sub);
    const refreshed = await web.refresh(tokens.refresh_token!);
    const list = (await (await api(refreshed.access_token)).json()) as { items: Array<{ name: string }> };
    expect(list.items.map((podcast) => podcast.name)).toEqual(['Signed In']);
    expect((await api('not-a-token')).status).toBe(401);

    const signOut = await browser.get(web.endSessionUrl(tokens.id_token!, `${running.url}/?logout=true`));
    const confirmed = await browser.post(
      formActionOf(signOut.body, signOut.url),
      hiddenInputsOf(signOut.body),
    );
    expect(confirmed.location).toBe(`${running.url}/?logout=true`);
  });

  it("serves the provider's pages with their own policy, ahead of the web app's fallback", async () => {
    const web = await TestWebClient.discover(
      `${running.url}/oidc`,
      'castbase-web',
      `${running.url}/callback`,
    );
    const { page } = await web.authorize(new TestBrowser());
    const response = await fetch(page.url);
    expect(response.headers.get('content-security-policy')).toContain(`form-action 'self' ${running.url}`);
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect((await fetch(`${running.url}/oidc/no-such-page`)).status).toBe(404);
    expect((await fetch(`${running.url}/oidc/mail`)).status).toBe(200);
  });
});

describe("the built-in provider's pages in a real browser, under their Content-Security-Policy", () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let browser: Browser;

  beforeAll(async () => {
    database = await createTestDatabase('signin_browser');
    running = await runAllInOne(await testProcessEnv(database, await freePort(), 'in-process'));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await running?.stop();
    await database?.drop();
  });

  it('signs up with the labelled form, then signs out without a question through the auto-submitted form', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
    });
    // The web app's own pages are not under test: the browser stops where the provider sends it back.
    await page.route(`${running.url}/callback**`, (route) => route.fulfill({ body: 'callback' }));
    await page.route(`${running.url}/?logout=true`, (route) => route.fulfill({ body: 'home' }));
    const web = await TestWebClient.discover(
      `${running.url}/oidc`,
      'castbase-web',
      `${running.url}/callback`,
    );
    const authorize = await web.authorizationRequest({ prompt: 'create' });

    await page.goto(authorize.url);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await expectAccessibleInBothThemes(page, 'the sign-up page under its Content-Security-Policy');
    await page.getByLabel('Email').fill(newEmail('browser'));
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/callback\?code=/);
    const tokens = await authorize.exchange(page.url());

    await page.goto(web.endSessionUrl(tokens.id_token!, `${running.url}/?logout=true`));
    await page.waitForURL(`${running.url}/?logout=true`);
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('sign-in with an external issuer in the all-in-one process', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  const issuer = 'https://castbase.eu.auth0.example.com/';

  beforeAll(async () => {
    database = await createTestDatabase('signin_external');
    running = await runAllInOne(
      await testProcessEnv(database, await freePort(), 'in-process', {
        OIDC_ISSUER_URL: issuer,
        OIDC_AUDIENCE: 'https://api.castbase.example.com',
        OIDC_CLIENT_ID: 'spa-client-id',
        OIDC_SCOPE: 'openid profile email offline_access',
      }),
    );
  });

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
  });

  it('points the web app at the external issuer, with its client id and the audience to ask for', async () => {
    expect(await getAuthConfig(running.url)).toEqual({
      authority: issuer,
      clientId: 'spa-client-id',
      scope: 'openid profile email offline_access',
      audience: 'https://api.castbase.example.com',
      signUpParams: {},
    });
  });

  it('does not mount the built-in provider', async () => {
    expect((await fetch(`${running.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
    expect((await fetch(`${running.url}/oidc/jwks`)).status).toBe(404);
  });
});
