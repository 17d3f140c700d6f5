import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Of `candidateIds` (media files something has just stopped using), those nothing in the catalog uses any more:
 * no podcast's artwork, no episode's media or artwork, and no saved version of an episode (a restore would bring
 * it back). Run after the delete, in its transaction: what remains is other podcasts' and episodes'. Media
 * deletes the files named in the event.
 */
export async function releasedMediaIds(
  em: EntityManager,
  candidateIds: ReadonlyArray<string | null | undefined>,
): Promise<string[]> {
  const candidates = [...new Set(candidateIds.filter((id): id is string => Boolean(id)))];
  if (candidates.length === 0) return [];
  // Raw: one round trip over three tables and a jsonb field. The schema is the service's (ADR 0002).
  const stillUsed = await em.execute<Array<{ id: string }>>(
    `select candidate.id::text as id from unnest(array[${candidates.map(() => '?').join(', ')}]::uuid[]) as candidate(id)
      where exists (select 1 from catalog.podcasts where artwork_media_id = candidate.id)
         or exists (select 1 from catalog.episodes
                     where artwork_media_id = candidate.id or media ->> 'mediaId' = candidate.id::text)
         or exists (select 1 from catalog.episode_versions
                     where artwork_media_id = candidate.id or media ->> 'mediaId' = candidate.id::text)`,
    candidates,
  );
  const used = new Set(stillUsed.map((row) => row.id));
  return candidates.filter((id) => !used.has(id));
}

/**
 * Media files are shared (a duplicate plays its original's; a file may serve episodes of two podcasts), so two
 * deletions that each leave the other as a file's last user must not both keep it: each holds a lock per file
 * until it commits, so the second asks `releasedMediaIds` only once the first has committed. Sorted, so two
 * deletions never wait on each other in a cycle. Episode and podcast deletions both take it.
 */
export async function lockMediaReferences(
  em: EntityManager,
  mediaIds: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  const ids = [...new Set(mediaIds.filter((id): id is string => Boolean(id)))].sort();
  for (const id of ids) {
    await em.execute("select pg_advisory_xact_lock(hashtextextended('catalog-media:' || ?, 0))", [id]);
  }
}
