import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, DomainError, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { acceptPendingInvitations } from '../contributors/accept-invitations.js';
import { Episode } from '../episodes/episode.entity.js';
import { findPodcastRole } from './podcast-access.js';

type Definition = typeof catalogRequests.resolveAccess;

/**
 * The caller's role on a podcast, found from the podcast or from one of its episodes: what the gateway's guard
 * asks before every podcast-scoped route. No role is not found, exactly like a missing podcast or episode.
 */
@Injectable()
export class ResolveAccessHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.resolveAccess;

  constructor(private readonly em: EntityManager) {}

  async handle(request: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const notFound = 'episodeId' in request ? 'EPISODE_NOT_FOUND' : 'PODCAST_NOT_FOUND';
    const podcastId = await this.podcastOf(em, request);
    if (!podcastId) throw new DomainError(notFound);
    let role = await findPodcastRole(em, request.userId, podcastId);
    // A person invited to this podcast may reach it before listing their podcasts (a link opened in a new tab).
    if (!role && (await acceptPendingInvitations(em, request.userId, request.email, request.name)) > 0) {
      role = await findPodcastRole(em, request.userId, podcastId);
    }
    if (!role) throw new DomainError(notFound);
    return { podcastId, role };
  }

  private async podcastOf(em: EntityManager, request: ParsedRequestOf<Definition>): Promise<string | null> {
    if ('episodeId' in request) {
      const episode = await em.findOne(Episode, { id: request.episodeId }, { fields: ['podcastId'] });
      return episode?.podcastId ?? null;
    }
    // A role row exists only for an existing podcast (its rows go with it), so the role lookup answers for both.
    return request.podcastId;
  }
}
