import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, DomainError, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { requirePodcastRole } from '../access/podcast-access.js';
import { findContributor } from './contributor.repository.js';

type Definition = typeof catalogRequests.removeContributor;

/** Removes a contributor or withdraws an invitation (owner only); the owner cannot be removed. */
@Injectable()
export class RemoveContributorHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.removeContributor;

  constructor(private readonly em: EntityManager) {}

  handle({ userId, podcastId, contributorId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      await requirePodcastRole(em, userId, podcastId, 'manageContributors');
      const contributor = await findContributor(em, podcastId, contributorId);
      if (contributor.role === 'owner') throw new DomainError('OWNER_CANNOT_BE_REMOVED');
      em.remove(contributor);
      await em.flush();
      return { contributorId };
    });
  }
}
