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

type Definition = typeof catalogRequests.cancelSchedule;

/**
 * Scheduled → draft with the date cleared. The row lock orders it with the scheduled publisher: whichever comes
 * second sees the other's outcome (a published episode answers EPISODE_NOT_SCHEDULED).
 */
@Injectable()
export class CancelScheduleEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.cancelSchedule;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const episode = await changeEpisodeStatus(em, userId, episodeId, (episode) => {
        if (episode.status !== 'scheduled') throw new DomainError('EPISODE_NOT_SCHEDULED');
        episode.status = 'draft';
        episode.scheduledReleaseDate = null;
        this.outbox.add(em, catalogEvents.episodeScheduleCanceled, episodeFact(episode));
      });
      return episode.toDto(this.storage);
    });
  }
}
