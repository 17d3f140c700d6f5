import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { catalogEvents, catalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import { Outbox, type RequestHandler } from '@castbase/platform-messaging';
import { requirePodcastRole } from '../access/podcast-access.js';
import { Episode } from '../episodes/episode.entity.js';
import { lockMediaReferences, releasedMediaIds } from '../media-references/released-media.js';

type Definition = typeof catalogRequests.deletePodcast;

/**
 * Deletes a podcast (owner only) with its episodes, their versions and its contributors (the schema cascades), in
 * one transaction with catalog.podcast.deleted: feeds drops the feed, media deletes the files nothing else uses.
 */
@Injectable()
export class DeletePodcastHandler implements RequestHandler<Definition> {
  readonly definition = catalogRequests.deletePodcast;

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: Outbox,
  ) {}

  handle({ userId, podcastId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    return this.em.fork().transactional(async (em) => {
      const { podcast } = await requirePodcastRole(em, userId, podcastId, 'manage');
      // Locked: an episode created meanwhile would escape the list of media to release.
      await em.execute('select id from catalog.podcasts where id = ? for update', [podcastId]);
      const episodes = await em.find(Episode, { podcastId }, { fields: ['media', 'artworkMediaId'] });
      const candidates = [
        podcast.artworkMediaId,
        ...episodes.flatMap((episode) => [episode.media?.mediaId, episode.artworkMediaId]),
      ];
      await lockMediaReferences(em, candidates);
      await em.execute('delete from catalog.podcasts where id = ?', [podcastId]);
      this.outbox.add(em, catalogEvents.podcastDeleted, {
        podcastId,
        releasedMediaIds: await releasedMediaIds(em, candidates),
      });
      return { podcastId, episodes: episodes.length };
    });
  }
}
