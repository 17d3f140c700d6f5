import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Account } from '../database/account.entity.js';
import { IDENTITY_SCHEMA, isLocalAccountId } from '../database/oidc-database.js';
import { OidcPayload } from '../database/oidc-payload.entity.js';
import { PasswordResetToken } from '../database/password-reset-token.entity.js';
import { SentMail } from '../database/sent-mail.entity.js';
import { emailKey } from './attempt-limits.js';

/** Rows removed by `LocalAccountEraser.erase`. */
export interface ErasedLocalAccount {
  /** The local account (0 for a subject of an external issuer). */
  accounts: number;
  /** Provider sessions. */
  sessions: number;
  /** Grants, refresh tokens, codes, interactions and password reset links. */
  tokens: number;
  /** E-mail kept in the database for the account. */
  mail: number;
}

/** Account deletion's step for the built-in provider: everything it holds about one subject. */
@Injectable()
export class LocalAccountEraser {
  /** Deletes inside the caller's transaction (`em` is the transaction's EntityManager of the identity schema). */
  async erase(em: EntityManager, subject: string): Promise<ErasedLocalAccount> {
    const sessions = await em.nativeDelete(OidcPayload, { accountId: subject, kind: 'Session' });
    const providerRows = await em.nativeDelete(OidcPayload, { accountId: subject });
    if (!isLocalAccountId(subject)) return { accounts: 0, sessions, tokens: providerRows, mail: 0 };
    const account = await em.findOne(Account, { id: subject }, { fields: ['email'] });
    if (account) {
      // Attempt counters are keyed by a digest of the e-mail; they would expire within the hour anyway.
      await em.execute(`delete from ${IDENTITY_SCHEMA}.rate_limits where key like ?`, [
        `%:${emailKey(account.email)}%`,
      ]);
    }
    const resetLinks = await em.nativeDelete(PasswordResetToken, { accountId: subject });
    const mail = await em.nativeDelete(SentMail, { accountId: subject });
    const accounts = await em.nativeDelete(Account, { id: subject });
    return { accounts, sessions, tokens: providerRows + resetLinks, mail };
  }
}
