import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  catalogEvents,
  catalogRequests,
  DomainError,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { changeEpisodeStatus, episodeFact } from './episode-lifecycle.js';

type Definition = typeof catalogRequests.scheduleEpisode;

/**
 * Draft or scheduled → scheduled at a future date (the contract refuses a past one with 'Scheduled date must be in
 * the future'); the scheduled publisher publishes it when the date comes. A published episode is refused
 * (EPISODE_ALREADY_PUBLISHED): it would otherwise leave the feed until the date. An episode without audio or video
 * is refused as publishing it is: a schedule is a promise to publish.
 */
@Injectable()
export class ScheduleEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.scheduleEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, episodeId, input }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const scheduledReleaseDate = new Date(input.scheduledReleaseDate);
    return this.em.fork().transactional(async (em) => {
      const episode = await changeEpisodeStatus(em, userId, episodeId, (episode) => {
        if (episode.status === 'published') throw new DomainError('EPISODE_ALREADY_PUBLISHED');
        if (!episode.media) throw new DomainError('EPISODE_HAS_NO_MEDIA');
        episode.status = 'scheduled';
        episode.scheduledReleaseDate = scheduledReleaseDate;
        this.outbox.add(em, catalogEvents.episodeScheduled, {
          ...episodeFact(episode),
          scheduledReleaseDate: scheduledReleaseDate.toISOString(),
        });
      });
      return episode.toDto(this.storage);
    });
  }
}
