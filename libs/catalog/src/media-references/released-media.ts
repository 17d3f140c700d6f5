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
