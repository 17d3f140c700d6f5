import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { requireEpisodeRole } from '../access/podcast-access.js';

type Definition = typeof catalogRequests.getEpisode;

/** One episode, for anyone with a role on its podcast. */
@Injectable()
export class GetEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.getEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ userId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const { episode } = await requireEpisodeRole(this.em.fork(), userId, episodeId, 'view');
    return episode.toDto(this.storage);
  }
}
