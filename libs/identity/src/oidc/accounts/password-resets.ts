import { createHash, randomBytes } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { Account } from '../database/account.entity.js';
import { OidcPayload } from '../database/oidc-payload.entity.js';
import { PasswordResetToken } from '../database/password-reset-token.entity.js';
import { AccountMailer } from '../mail/account-mailer.js';
import { passwordResetMail } from '../mail/password-reset-mail.js';
import { OIDC_SETTINGS } from '../provider/oidc-tokens.js';
import type { ProviderSettings } from '../provider/provider-settings.js';
import { AttemptLimits, emailKey } from './attempt-limits.js';
import { LocalAccounts } from './local-accounts.js';
import { hashPassword } from './password-hashing.js';

/** How long a reset link works. */
const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export type ResetRequestOutcome = { outcome: 'accepted' } | { outcome: 'limited'; waitMs: number };
export type ResetOutcome =
  { outcome: 'reset' } | { outcome: 'invalid-link' } | { outcome: 'limited'; waitMs: number };

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Password reset by e-mail: a one-time link valid for an hour; only the link token's digest is stored. */
@Injectable()
export class PasswordResets {
  constructor(
    private readonly em: EntityManager,
    @Inject(AttemptLimits) private readonly limits: AttemptLimits,
    private readonly accounts: LocalAccounts,
    private readonly mailer: AccountMailer,
    @Inject(OIDC_SETTINGS) private readonly settings: ProviderSettings,
  ) {}

  /**
   * Mails a reset link when the e-mail has an account. The answer (and its timing: the work happens in the
   * background) is the same whether it has one or not.
   */
  async request(email: string, ip: string): Promise<ResetRequestOutcome> {
    const waitMs = Math.max(
      await this.limits.take('passwordResetRequestsPerIp', ip),
      await this.limits.take('passwordResetRequestsPerEmail', emailKey(email)),
    );
    if (waitMs > 0) return { outcome: 'limited', waitMs };
    const account = await this.accounts.findByEmail(email);
    if (account) {
      const token = randomBytes(32).toString('base64url');
      const em = this.em.fork();
      em.create(PasswordResetToken, {
        accountId: account.id,
        tokenHash: digest(token),
        expiresAt: new Date(Date.now() + RESET_LINK_LIFETIME_MS),
      });
      await em.flush();
      const link = `${this.settings.issuer}/reset-password/${token}`;
      this.mailer.sendInBackground(passwordResetMail(account.id, account.email, link));
    }
    return { outcome: 'accepted' };
  }

  /** Whether a link still works (unknown, used and expired links do not). */
  async usable(token: string): Promise<boolean> {
    return (await this.find(this.em.fork(), token)) !== null;
  }

  /**
   * Sets the new password, uses up the link (and any other of the account's links), clears the sign-in lock and
   * revokes every session, grant and token of the account.
   */
  async reset(token: string, newPassword: string, ip: string): Promise<ResetOutcome> {
    const waitMs = await this.limits.waitFor('badResetLinksPerIp', ip);
    if (waitMs > 0) return { outcome: 'limited', waitMs };
    const passwordHash = await hashPassword(newPassword);
    const reset = await this.em.fork().transactional(async (em) => {
      const link = await this.find(em, token);
      if (!link) return false;
      const used = await em.nativeUpdate(
        PasswordResetToken,
        { accountId: link.accountId, consumedAt: null },
        { consumedAt: new Date() },
      );
      if (used === 0) return false;
      await em.nativeUpdate(
        Account,
        { id: link.accountId },
        { passwordHash, emailVerified: true, failedSignIns: 0, lockedUntil: null, updatedAt: new Date() },
      );
      await em.nativeDelete(OidcPayload, { accountId: link.accountId });
      return true;
    });
    if (reset) return { outcome: 'reset' };
    await this.limits.count('badResetLinksPerIp', ip);
    return { outcome: 'invalid-link' };
  }

  private find(em: EntityManager, token: string): Promise<PasswordResetToken | null> {
    return em.findOne(PasswordResetToken, {
      tokenHash: digest(token),
      consumedAt: null,
      expiresAt: { $gt: new Date() },
    });
  }
}
