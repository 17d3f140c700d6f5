import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '@castbase/contracts';
import { Contributor } from './contributor.entity.js';

/** A contributor of this podcast (locked for the change that follows); one of another podcast is not found. */
export async function findContributor(
  em: EntityManager,
  podcastId: string,
  contributorId: string,
): Promise<Contributor> {
  const contributor = await em.findOne(
    Contributor,
    { id: contributorId, podcastId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!contributor) throw new DomainError('CONTRIBUTOR_NOT_FOUND');
  return contributor;
}
