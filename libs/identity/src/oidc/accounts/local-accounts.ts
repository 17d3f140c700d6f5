import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { Account } from '../database/account.entity.js';
import { IDENTITY_SCHEMA, isLocalAccountId } from '../database/oidc-database.js';
import { ACCOUNT_LOCK, AttemptLimits, emailKey } from './attempt-limits.js';
import { hashPassword, verifyPassword } from './password-hashing.js';

export type SignInOutcome =
  | { outcome: 'signed-in'; accountId: string }
  | { outcome: 'wrong-credentials' }
  | { outcome: 'limited'; waitMs: number };

/** The built-in provider's local accounts: sign-up, sign-in with attempt limits and an account lock. */
@Injectable()
export class LocalAccounts {
  constructor(
    private readonly em: EntityManager,
    @Inject(AttemptLimits) private readonly limits: AttemptLimits,
  ) {}

  findById(id: string): Promise<Account | null> {
    return isLocalAccountId(id) ? this.em.fork().findOne(Account, { id }) : Promise.resolve(null);
  }

  findByEmail(email: string): Promise<Account | null> {
    return this.em.fork().findOne(Account, { email: email.toLowerCase() });
  }

  /** A new account, or 'email-taken'. `email` is already validated and lower-cased. */
  async create(email: string, password: string): Promise<Account | 'email-taken'> {
    if (await this.findByEmail(email)) return 'email-taken';
    const em = this.em.fork();
    const account = em.create(Account, { email, passwordHash: await hashPassword(password) });
    try {
      await em.flush();
      return account;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return 'email-taken';
      throw error;
    }
  }

  /**
   * Checks an e-mail and password. Every path runs exactly one argon2 verification (a decoy one for unknown
   * e-mails and refused attempts), so neither the answer nor its timing tells whether the e-mail has an account.
   */
  async signIn(email: string, password: string, ip: string): Promise<SignInOutcome> {
    const pairKey = `${emailKey(email)}:${ip}`;
    const waitMs = Math.max(
      await this.limits.waitFor('signInPerIp', ip),
      await this.limits.waitFor('signInPerEmailAndIp', pairKey),
    );
    const account = await this.findByEmail(email);
    const lockedMs = account?.lockedUntil ? account.lockedUntil.getTime() - Date.now() : 0;
    if (waitMs > 0 || lockedMs > 0) {
      await verifyPassword(null, password);
      return { outcome: 'limited', waitMs: Math.max(waitMs, lockedMs) };
    }
    const matches = await verifyPassword(account?.passwordHash ?? null, password);
    if (!account || !matches) {
      await this.limits.count('signInPerIp', ip);
      await this.limits.count('signInPerEmailAndIp', pairKey);
      if (account) await this.recordFailure(account.id);
      return { outcome: 'wrong-credentials' };
    }
    await this.limits.clear('signInPerEmailAndIp', pairKey);
    if (account.failedSignIns > 0 || account.lockedUntil)
      await this.em.fork().nativeUpdate(Account, { id: account.id }, { failedSignIns: 0, lockedUntil: null });
    return { outcome: 'signed-in', accountId: account.id };
  }

  /** One more wrong password in a row; the one that reaches the threshold locks the account. */
  private async recordFailure(accountId: string): Promise<void> {
    await this.em.fork().execute(
      `update ${IDENTITY_SCHEMA}.accounts
          set failed_sign_ins = failed_sign_ins + 1,
              locked_until = case when failed_sign_ins + 1 >= ?
                                  then now() + make_interval(mins => ?) else locked_until end
        where id = ?`,
      [ACCOUNT_LOCK.afterFailures, ACCOUNT_LOCK.minutes, accountId],
      'run',
    );
  }
}
