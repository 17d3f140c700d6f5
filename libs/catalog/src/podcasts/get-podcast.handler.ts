import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { findOwnedPodcast } from './podcast.repository.js';

type Definition = typeof catalogRequests.getPodcast;

@Injectable()
export class GetPodcastHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.getPodcast;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ ownerId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return (await findOwnedPodcast(this.em.fork(), ownerId, podcastId)).toDto(this.storage);
  }
}
