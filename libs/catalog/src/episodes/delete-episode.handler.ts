import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogEvents, catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { requireEpisodeRole } from '../access/podcast-access.js';
import { lockMediaReferences, releasedMediaIds } from '../media-references/released-media.js';
import { episodeFact } from './episode-lifecycle.js';

type Definition = typeof catalogRequests.deleteEpisode;

/**
 * Deletes an episode for good, with its versions (cascade). `catalog.episode.deleted` names the media and artwork
 * files nothing else in the catalog uses any more (`releasedMediaIds`): media deletes those files, feeds renders
 * the feed without the episode.
 */
@Injectable()
export class DeleteEpisodeHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.deleteEpisode;

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
  ) {}

  async handle({ userId, episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const { episode } = await requireEpisodeRole(em, userId, episodeId, 'editEpisodes', {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      const candidates = [episode.media?.mediaId, episode.artworkMediaId];
      await lockMediaReferences(em, candidates);
      const fact = episodeFact(episode);
      await em.remove(episode).flush();
      const released = await releasedMediaIds(em, candidates);
      this.outbox.add(em, catalogEvents.episodeDeleted, { ...fact, releasedMediaIds: released });
      await em.flush();
      return { episodeId: fact.episodeId };
    });
  }
}
