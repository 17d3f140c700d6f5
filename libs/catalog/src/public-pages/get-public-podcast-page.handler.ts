import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  PUBLIC_PODCAST_PAGE_SIZE,
  publicCatalogRequests,
  type ParsedRequestOf,
  type ReplyOf,
} from '@castbase/contracts';
import type { RequestHandler } from '@castbase/platform-messaging';
import { ObjectStorage } from '@castbase/platform-storage';
import { Episode } from '../episodes/episode.entity.js';
import { findPublicPodcast } from './find-public-podcast.js';
import { publicEpisodeView, publicPodcastView } from './public-views.js';

type Definition = typeof publicCatalogRequests.getPodcastPage;

/**
 * `/podcast/{username or id}` for anyone: a public podcast, one page of its published episodes newest first
 * (optionally one season's), the seasons that have published episodes, and the owner's other public podcasts. The
 * owner's user id is for the gateway, which asks identity about the owner by it and leaves it out of the page.
 */
@Injectable()
export class GetPublicPodcastPageHandler implements RequestHandler<Definition> {
  readonly definition = publicCatalogRequests.getPodcastPage;

  constructor(
    private readonly em: EntityManager,
    private readonly storage: ObjectStorage,
  ) {}

  async handle({ name, page, season }: ParsedRequestOf<Definition>): Promise<ReplyOf<Definition>> {
    const em = this.em.fork();
    const { podcast, otherPodcasts } = await findPublicPodcast(em, name);
    const published = { podcastId: podcast.id, status: 'published' as const };
    const [[episodes, total], seasonRows] = await Promise.all([
      em.findAndCount(Episode, season === undefined ? published : { ...published, seasonNumber: season }, {
        orderBy: { publishDate: 'desc', createdAt: 'desc', id: 'desc' },
        limit: PUBLIC_PODCAST_PAGE_SIZE,
        offset: (page - 1) * PUBLIC_PODCAST_PAGE_SIZE,
      }),
      em.getConnection().execute<Array<{ season_number: number }>>(
        `select distinct season_number from catalog.episodes
            where podcast_id = ? and status = 'published' and season_number is not null order by season_number`,
        [podcast.id],
      ),
    ]);
    return {
      ownerId: podcast.ownerId,
      podcast: publicPodcastView(podcast, this.storage),
      episodes: episodes.map((episode) => publicEpisodeView(episode, podcast, this.storage)),
      seasons: seasonRows.map((row) => row.season_number),
      season: season ?? null,
      page,
      pageCount: Math.ceil(total / PUBLIC_PODCAST_PAGE_SIZE),
      total,
      otherPodcasts: otherPodcasts.map((other) => ({ id: other.id, name: other.name })),
    };
  }
}
