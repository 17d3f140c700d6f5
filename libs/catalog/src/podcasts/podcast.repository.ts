import { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@castbase/contracts';
import { Podcast } from './podcast.entity.js';

/** Every podcast read is scoped to its owner: another owner's id is simply not found. */
export async function findOwnedPodcast(
  em: EntityManager,
  ownerId: string,
  podcastId: string,
): Promise<Podcast> {
  const podcast = await em.findOne(Podcast, { id: podcastId, ownerId });
  if (!podcast) throw new DomainError('PODCAST_NOT_FOUND');
  return podcast;
}
