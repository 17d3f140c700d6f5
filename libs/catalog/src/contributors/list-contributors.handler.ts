import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { requirePodcastRole } from '../access/podcast-access.js';
import { Contributor } from './contributor.entity.js';

type Definition = typeof catalogRequests.listContributors;

/** The people on a podcast, the owner first, then in the order they were invited; anyone with a role sees them. */
@Injectable()
export class ListContributorsHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.listContributors;

  constructor(private readonly em: EntityManager) {}

  async handle({ userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    await requirePodcastRole(em, userId, podcastId, 'view');
    const contributors = await em.find(
      Contributor,
      { podcastId },
      { orderBy: { invitedAt: 'asc', id: 'asc' } },
    );
    const ownerFirst = [
      ...contributors.filter((row) => row.role === 'owner'),
      ...contributors.filter((row) => row.role !== 'owner'),
    ];
    return { items: ownerFirst.map((row) => row.toDto()) };
  }
}
