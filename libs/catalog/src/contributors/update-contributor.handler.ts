import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, DomainError, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { requirePodcastRole } from '../access/podcast-access.js';
import { findContributor } from './contributor.repository.js';

type Definition = typeof catalogRequests.updateContributor;

/** Changes a contributor's role between editor and viewer (owner only); the owner's own role is fixed. */
@Injectable()
export class UpdateContributorHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.updateContributor;

  constructor(private readonly em: EntityManager) {}

  handle({
    userId,
    podcastId,
    contributorId,
    input,
  }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      await requirePodcastRole(em, userId, podcastId, 'manageContributors');
      const contributor = await findContributor(em, podcastId, contributorId);
      if (contributor.role === 'owner') throw new DomainError('OWNER_ROLE_FIXED');
      contributor.role = input.role;
      await em.flush();
      return contributor.toDto();
    });
  }
}
