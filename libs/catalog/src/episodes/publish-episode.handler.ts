import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogEvents, catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { changeEpisodeStatus, episodePublishedPayload, markPublished } from './episode-lifecycle.js';

type Definition = typeof catalogRequests.publishEpisode;

/**
 * Publishes now (draft or scheduled → published, publish_date now, the schedule cleared): the change, its version
 * and `catalog.episode.published` commit together. A viewer is told EPISODE_PUBLISH_FORBIDDEN, the spec's
 * "You don't have permission to publish to this podcast."
 */
@Injectable()
export class PublishEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.publishEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const episode = await changeEpisodeStatus(
        em,
        userId,
        episodeId,
        (episode) => {
          markPublished(episode, new Date());
          this.outbox.add(em, catalogEvents.episodePublished, episodePublishedPayload(episode));
        },
        'EPISODE_PUBLISH_FORBIDDEN',
      );
      return episode.toDto(this.storage);
    });
  }
}
