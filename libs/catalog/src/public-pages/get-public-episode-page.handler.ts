import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DomainError, publicCatalogRequests, type ParsedRequestOf, type ReplyOf } from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Episode } from '../episodes/episode.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';
import { publicEpisodeView, publicPodcastView } from './public-views.js';

type Definition = typeof publicCatalogRequests.getEpisodePage;

/**
 * `/episode/{id}` for anyone: a published episode of a public podcast. A draft, a scheduled episode and any episode
 * of a private podcast are EPISODE_NOT_FOUND, exactly like a missing one. The owner's user id is for the gateway,
 * which asks identity about the owner by it and leaves it out of the page.
 */
@Injectable()
export class GetPublicEpisodePageHandler implements RequestHandler<Definition> {
  readonly definition = publicCatalogRequests.getEpisodePage;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ episodeId }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const episode = await em.findOne(Episode, { id: episodeId, status: 'published' });
    const podcast = episode && (await em.findOne(Podcast, { id: episode.podcastId, visibility: 'public' }));
    if (!episode || !podcast) throw new DomainError('EPISODE_NOT_FOUND');
    return {
      ownerId: podcast.ownerId,
      podcast: publicPodcastView(podcast, this.storage),
      episode: publicEpisodeView(episode, podcast, this.storage),
    };
  }
}
