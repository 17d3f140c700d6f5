import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Podcast } from './podcast.entity.js';

type Definition = typeof catalogRequests.listPodcasts;

@Injectable()
export class ListPodcastsHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.listPodcasts;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ ownerId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const podcasts = await this.em.fork().find(Podcast, { ownerId }, { orderBy: { createdAt: 'asc' } });
    return { items: podcasts.map((podcast) => podcast.toDto(this.storage)) };
  }
}
