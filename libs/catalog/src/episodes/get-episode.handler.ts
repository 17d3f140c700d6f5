import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { findOwnedEpisode } from './episode.repository.js';

type Definition = typeof catalogRequests.getEpisode;

@Injectable()
export class GetEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.getEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ ownerId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return (await findOwnedEpisode(this.em.fork(), ownerId, episodeId)).toDto(this.storage);
  }
}
