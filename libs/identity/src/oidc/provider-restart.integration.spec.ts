import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@castbase/platform-testing';
import { ATTEMPT_LIMITS_CLIENT } from './accounts/attempt-limits.js';
import { startOidcTestApp, type OidcTestApp } from './testing/oidc-test-app.js';
import { signUpNewAccount } from './testing/sign-in-steps.js';

async function signingKeyIds(issuer: string): Promise<string[]> {
  const { keys } = (await (await fetch(`${issuer}/jwks`)).json()) as {
    keys: Array<{ kid: string; d?: string }>;
  };
  expect(keys.every((key) => key.d === undefined)).toBe(true);
  return keys.map((key) => key.kid);
}

describe('the built-in provider across restarts and replicas', () => {
  /** Open connections to the test database from clients of that name. */
  async function connectionsOf(applicationName: string): Promise<number> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
        [applicationName],
      );
      return rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
  }

  let database: TestDatabase;
  const running: OidcTestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('cbtest_oidc_restart');
  });

  afterAll(async () => {
    for (const app of running) await app.stop();
    await database?.drop();
  });

  async function start(port?: number): Promise<OidcTestApp> {
    const app = await startOidcTestApp({ database, port });
    running.push(app);
    return app;
  }

  it('generates its keys once in the database: a restart signs with the same key and keeps sessions and refresh tokens, and a stop leaves no connection open', async () => {
    const first = await start();
    const web = await first.webClient();
    const browser = first.browser('10.5.0.1');
    const { tokens } = await signUpNewAccount(web, browser);
    const kids = await signingKeyIds(first.issuer);
    expect(decodeProtectedHeader(tokens.access_token).kid).toBe(kids[0]);
    await first.stop();
    running.splice(running.indexOf(first), 1);
    expect(await connectionsOf(ATTEMPT_LIMITS_CLIENT)).toBe(0);

    const second = await start(first.port);
    const webAfter = await second.webClient();
    expect(await signingKeyIds(second.issuer)).toEqual(kids);
    const refreshed = await webAfter.refresh(tokens.refresh_token!);
    expect(decodeProtectedHeader(refreshed.access_token).kid).toBe(kids[0]);
    const again = await webAfter.authorize(browser);
    expect(again.page.location).toMatch(new RegExp(`^${second.redirectUri}\\?code=`));
    expect(decodeJwt((await again.exchange(again.page)).access_token).sub).toBe(
      decodeJwt(tokens.access_token).sub,
    );
  });

  it('shares its keys with a second replica on the same database', async () => {
    const [one, two] = await Promise.all([start(), start()]);
    expect(await signingKeyIds(two.issuer)).toEqual(await signingKeyIds(one.issuer));
    expect(await one.rows('select name from identity.oidc_keys order by name')).toEqual([
      { name: 'cookie-keys' },
      { name: 'signing-keys' },
    ]);
  });
});
