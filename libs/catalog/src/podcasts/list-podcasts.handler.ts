import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { acceptPendingInvitations } from '../contributors/accept-invitations.js';
import { Contributor } from '../contributors/contributor.entity.js';
import { Podcast } from './podcast.entity.js';

type Definition = typeof catalogRequests.listPodcasts;

/**
 * The podcasts the caller owns and those shared with them, oldest first, each with the caller's role. The web app
 * lists podcasts right after sign-in, so this is where invitations to the caller's e-mail become theirs.
 */
@Injectable()
export class ListPodcastsHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.listPodcasts;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId, email, name }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    await acceptPendingInvitations(em, userId, email, name);
    const roles = await em.find(Contributor, { userId, status: 'active' }, { fields: ['podcastId', 'role'] });
    const roleByPodcast = new Map(roles.map((row) => [row.podcastId, row.role]));
    const podcasts = await em.find(
      Podcast,
      { id: { $in: [...roleByPodcast.keys()] } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return {
      items: podcasts.flatMap((podcast) => {
        const role = roleByPodcast.get(podcast.id);
        return role ? [podcast.toDto(this.storage, role)] : [];
      }),
    };
  }
}
