import type { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@castbase/contracts';
import { Episode } from './episode.entity.js';

/**
 * Every episode read is scoped to its owner: another owner's id is simply not found. `lockMode` (inside a
 * transaction) locks the row for a change that depends on what was read.
 */
export async function findOwnedEpisode(
  em: EntityManager,
  ownerId: string,
  episodeId: string,
  lockMode?: LockMode,
): Promise<Episode> {
  const episode = await em.findOne(Episode, { id: episodeId, ownerId }, lockMode ? { lockMode } : {});
  if (!episode) throw new DomainError('EPISODE_NOT_FOUND');
  return episode;
}
