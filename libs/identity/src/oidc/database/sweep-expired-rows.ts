import type { EntityManager } from '@mikro-orm/postgresql';
import { IDENTITY_SCHEMA } from './oidc-database.js';

/**
 * Deletes what can no longer be used: provider rows and reset links expired a day ago, attempt counters whose
 * window closed an hour ago. Run hourly by one timer per process (replicas overlap harmlessly).
 */
export async function sweepExpiredRows(em: EntityManager): Promise<void> {
  const fork = em.fork();
  await fork.execute(
    `delete from ${IDENTITY_SCHEMA}.oidc_payloads where expires_at < now() - interval '1 day'`,
    [],
    'run',
  );
  await fork.execute(
    `delete from ${IDENTITY_SCHEMA}.password_reset_tokens where expires_at < now() - interval '1 day'`,
    [],
    'run',
  );
  await fork.execute(
    `delete from ${IDENTITY_SCHEMA}.rate_limits where expire < ?`,
    [Date.now() - 3_600_000],
    'run',
  );
}
