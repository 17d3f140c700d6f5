import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Remembers podcasts whose analytics were just deleted (the podcast deleted, or its owner's account erased), in the
 * transaction of `em`: downloads of theirs journaled before now may reach PostgreSQL after it, and the writer's late
 * write leaves them out while the counter sweeps away those a COPY under way wrote (`erased_podcasts`).
 */
export async function rememberErasedPodcasts(em: EntityManager, podcastIds: string[]): Promise<void> {
  if (podcastIds.length === 0) return;
  await em.getConnection().execute(
    `insert into analytics.erased_podcasts (podcast_id) select unnest(?::uuid[])
       on conflict (podcast_id) do update set erased_at = now()`,
    [`{${podcastIds.join(',')}}`],
    'run',
    em.getTransactionContext(),
  );
}
