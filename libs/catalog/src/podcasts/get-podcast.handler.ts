import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requirePodcastRole } from '../access/podcast-access.js';

type Definition = typeof catalogRequests.getPodcast;

/** One podcast, for anyone with a role on it, with that role. */
@Injectable()
export class GetPodcastHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.getPodcast;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const { podcast, role } = await requirePodcastRole(this.em.fork(), userId, podcastId, 'view');
    return podcast.toDto(this.storage, role);
  }
}
