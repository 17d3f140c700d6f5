import { createHash } from 'node:crypto';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { IDENTITY_SCHEMA } from '../database/oidc-database.js';

/** Attempts allowed per key in a window (seconds). Counts live in PostgreSQL, so every replica shares them. */
export const ATTEMPT_LIMITS = {
  /** Wrong passwords for one e-mail from one address. */
  signInPerEmailAndIp: { points: 5, duration: 15 * 60 },
  /** Wrong passwords from one address, whatever the e-mail. */
  signInPerIp: { points: 50, duration: 60 * 60 },
  signUpsPerIp: { points: 10, duration: 60 * 60 },
  passwordResetRequestsPerIp: { points: 10, duration: 60 * 60 },
  passwordResetRequestsPerEmail: { points: 3, duration: 60 * 60 },
  /** Reset links that turned out unknown or used, from one address. */
  badResetLinksPerIp: { points: 10, duration: 15 * 60 },
} as const;

/** An account locks for a while after this many wrong passwords in a row, from any address. */
export const ACCOUNT_LOCK = { afterFailures: 10, minutes: 15 } as const;

export type AttemptLimit = keyof typeof ATTEMPT_LIMITS;

/** The PostgreSQL application_name of the counters' connection pool. */
export const ATTEMPT_LIMITS_CLIENT = 'castbase-identity-attempt-limits';

/** E-mail addresses never appear in the counters' keys, only a digest of them. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 40);
}

/** Shared attempt counters (rate-limiter-flexible on the identity schema's `rate_limits` table). */
export class AttemptLimits implements OnApplicationShutdown {
  private readonly limiters: Record<AttemptLimit, RateLimiterPostgres>;

  constructor(private readonly pool: pg.Pool) {
    // An idle connection the server ends (a restart, a failover) must not crash the process.
    pool.on('error', (error) =>
      new Logger('identity:attempt-limits').warn(`PostgreSQL pool error: ${error.message}`),
    );
    const entries = Object.entries(ATTEMPT_LIMITS).map(([name, { points, duration }]) => [
      name,
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        schemaName: IDENTITY_SCHEMA,
        tableName: 'rate_limits',
        tableCreated: true,
        // Expired counters are swept with the provider's other expired rows (sweepExpiredRows).
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points,
        duration,
      }),
    ]);
    this.limiters = Object.fromEntries(entries) as Record<AttemptLimit, RateLimiterPostgres>;
  }

  /** Milliseconds before `key` may try again, or 0. Counts nothing. */
  async waitFor(limit: AttemptLimit, key: string): Promise<number> {
    const state = await this.limiters[limit].get(key);
    return state && state.consumedPoints >= ATTEMPT_LIMITS[limit].points ? state.msBeforeNext : 0;
  }

  /** Counts an attempt that is let through only within the limit: 0, or the milliseconds to wait. */
  async take(limit: AttemptLimit, key: string): Promise<number> {
    try {
      await this.limiters[limit].consume(key);
      return 0;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) return outcome.msBeforeNext;
      throw outcome;
    }
  }

  /** Counts a failed attempt (it was already refused or let through). */
  async count(limit: AttemptLimit, key: string): Promise<void> {
    await this.limiters[limit].penalty(key);
  }

  async clear(limit: AttemptLimit, key: string): Promise<void> {
    await this.limiters[limit].delete(key);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/** "Too many attempts. Please wait N minutes and try again." */
export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
}
