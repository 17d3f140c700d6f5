import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@castbase/contracts';
import { Episode } from './episode.entity.js';

/** Every episode read is scoped to its owner: another owner's id is simply not found. */
export async function findOwnedEpisode(
  em: EntityManager,
  ownerId: string,
  episodeId: string,
): Promise<Episode> {
  const episode = await em.findOne(Episode, { id: episodeId, ownerId });
  if (!episode) throw new DomainError('EPISODE_NOT_FOUND');
  return episode;
}
