import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityName, FilterQuery } from '@mikro-orm/core';

/** A row of queued background work: a processing job or a copy from another host. */
interface QueuedWork {
  status: string;
  updatedAt: Date;
}

/**
 * Requests again the work a stopped process left behind: rows queued and not picked up for `queuedMs`, or at work
 * (`activeStatus`) and silent for `activeMs`. Each is touched and handed to `request` in one transaction, so its
 * message goes out through the outbox with the touch.
 */
export async function requestStaleWork<T extends QueuedWork>(
  em: EntityManager,
  entity: EntityName<T>,
  stale: { activeStatus: string; queuedMs: number; activeMs: number },
  request: (tx: EntityManager, row: T) => void,
): Promise<void> {
  const now = Date.now();
  const rows = await em.find(
    entity,
    {
      $or: [
        { status: 'queued', updatedAt: { $lt: new Date(now - stale.queuedMs) } },
        { status: stale.activeStatus, updatedAt: { $lt: new Date(now - stale.activeMs) } },
      ],
    } as FilterQuery<T>,
    { limit: 500 },
  );
  if (rows.length === 0) return;
  await em.transactional(async (tx) => {
    for (const row of rows) {
      row.updatedAt = new Date();
      tx.persist(row);
      request(tx, row);
    }
  });
}
