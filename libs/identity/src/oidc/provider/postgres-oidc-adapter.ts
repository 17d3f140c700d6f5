import type { EntityManager } from '@mikro-orm/postgresql';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { IDENTITY_SCHEMA } from '../database/oidc-database.js';

const TABLE = `${IDENTITY_SCHEMA}.oidc_payloads`;

interface PayloadRow {
  payload: AdapterPayload;
  consumed_at: Date | string | null;
}

/** The subject a stored model belongs to: sessions, grants and tokens carry it; interactions keep it in their session or result. */
function accountIdOf(payload: AdapterPayload): string | null {
  return payload.accountId ?? payload.session?.accountId ?? payload.result?.login?.accountId ?? null;
}

/**
 * oidc-provider's storage in PostgreSQL: one table for every model, keyed by (model, id), with the columns the
 * provider looks rows up by. Expired rows are never returned (and are swept by `sweepExpiredRows`).
 */
export class PostgresOidcAdapter implements Adapter {
  constructor(
    private readonly kind: string,
    private readonly em: EntityManager,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null;
    await this.em.fork().execute(
      `insert into ${TABLE} (kind, id, payload, grant_id, user_code, uid, account_id, expires_at)
       values (?, ?, ?::jsonb, ?, ?, ?, ?, ?)
       on conflict (kind, id) do update set
         payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
         uid = excluded.uid, account_id = excluded.account_id, expires_at = excluded.expires_at`,
      [
        this.kind,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.userCode ?? null,
        payload.uid ?? null,
        accountIdOf(payload),
        expiresAt,
      ],
      'run',
    );
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('id = ?', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid = ?', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('user_code = ?', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.em
      .fork()
      .execute(`update ${TABLE} set consumed_at = now() where kind = ? and id = ?`, [this.kind, id], 'run');
  }

  async destroy(id: string): Promise<void> {
    await this.em.fork().execute(`delete from ${TABLE} where kind = ? and id = ?`, [this.kind, id], 'run');
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.em
      .fork()
      .execute(`delete from ${TABLE} where kind = ? and grant_id = ?`, [this.kind, grantId], 'run');
  }

  private async findWhere(condition: string, value: string): Promise<AdapterPayload | undefined> {
    const rows = await this.em.fork().execute<PayloadRow[]>(
      `select payload, consumed_at from ${TABLE}
        where kind = ? and ${condition} and (expires_at is null or expires_at > now())`,
      [this.kind, value],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (row.consumed_at === null) return row.payload;
    return { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) };
  }
}
