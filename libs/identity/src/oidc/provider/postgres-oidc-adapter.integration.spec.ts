import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sweepExpiredRows } from '../database/sweep-expired-rows.js';
import { startOidcTestApp, type OidcTestApp } from '../testing/oidc-test-app.js';
import { PostgresOidcAdapter } from './postgres-oidc-adapter.js';

describe("PostgresOidcAdapter: oidc-provider's storage in the identity schema", () => {
  let app: OidcTestApp;
  const adapter = (kind: string) => new PostgresOidcAdapter(kind, app.em);

  beforeAll(async () => {
    app = await startOidcTestApp();
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('stores a model with the subject, grant and uid it is looked up by, and finds it again', async () => {
    const [id, uid, accountId] = [randomUUID(), randomUUID(), randomUUID()];
    await adapter('Session').upsert(id, { uid, accountId, kind: 'Session' }, 60);

    expect(await adapter('Session').find(id)).toEqual({ uid, accountId, kind: 'Session' });
    expect(await adapter('Session').findByUid(uid)).toEqual({ uid, accountId, kind: 'Session' });
    expect(await adapter('Grant').find(id)).toBeUndefined();
    const interaction = randomUUID();
    await adapter('Interaction').upsert(interaction, { result: { login: { accountId } } }, 60);
    const rows = await app.rows<{ kind: string }>(
      'select kind from identity.oidc_payloads where account_id = ? order by kind',
      [accountId],
    );
    expect(rows.map((row) => row.kind)).toEqual(['Interaction', 'Session']);
  });

  it('never returns an expired model, and marks a consumed one with the time it was consumed', async () => {
    const [expired, code] = [randomUUID(), randomUUID()];
    await adapter('AuthorizationCode').upsert(expired, { grantId: 'g' }, 60);
    await app.rows(
      `update identity.oidc_payloads set expires_at = now() - interval '1 second' where id = ?`,
      [expired],
    );
    await adapter('AuthorizationCode').upsert(code, { grantId: 'g' }, 60);

    await adapter('AuthorizationCode').consume(code);

    expect(await adapter('AuthorizationCode').find(expired)).toBeUndefined();
    const consumed = await adapter('AuthorizationCode').find(code);
    expect(consumed?.consumed).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('revokes by grant only the rows of its own model and grant', async () => {
    const grantId = randomUUID();
    const [refresh, other, code] = [randomUUID(), randomUUID(), randomUUID()];
    await adapter('RefreshToken').upsert(refresh, { grantId }, 60);
    await adapter('RefreshToken').upsert(other, { grantId: randomUUID() }, 60);
    await adapter('AuthorizationCode').upsert(code, { grantId }, 60);

    await adapter('RefreshToken').revokeByGrantId(grantId);

    expect(await adapter('RefreshToken').find(refresh)).toBeUndefined();
    expect(await adapter('RefreshToken').find(other)).toBeDefined();
    expect(await adapter('AuthorizationCode').find(code)).toBeDefined();
  });

  it('sweeps rows expired more than a day ago and attempt counters whose window closed', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await adapter('Session').upsert(old, { uid: old }, 60);
    await adapter('Session').upsert(recent, { uid: recent }, 60);
    await app.rows(`update identity.oidc_payloads set expires_at = now() - interval '2 days' where id = ?`, [
      old,
    ]);
    await app.rows(`update identity.oidc_payloads set expires_at = now() - interval '1 hour' where id = ?`, [
      recent,
    ]);
    await app.rows(
      `insert into identity.rate_limits (key, points, expire) values ('stale', 1, ?), ('live', 1, ?)`,
      [Date.now() - 2 * 3_600_000, Date.now() + 60_000],
    );

    await sweepExpiredRows(app.em);

    const left = await app.rows<{ id: string }>('select id from identity.oidc_payloads where id in (?, ?)', [
      old,
      recent,
    ]);
    expect(left).toEqual([{ id: recent }]);
    expect(await app.rows('select key from identity.rate_limits order by key')).toEqual([{ key: 'live' }]);
  });
});
