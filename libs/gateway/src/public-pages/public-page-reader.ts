import { Injectable, Logger } from '@nestjs/common';
import {
  HIDDEN_PUBLIC_OWNER,
  isDomainError,
  publicAnalyticsRequests,
  publicCatalogRequests,
  publicProfileRequests,
  type PublicEpisodePage,
  type PublicOwner,
  type PublicPodcast,
  type PublicPodcastFigures,
  type PublicPodcastPage,
  type PublicPodcastQuery,
} from '@castbase/contracts';
import { MessageBus } from '@castbase/platform-messaging';

/**
 * The public pages as they are served (API and server-rendered HTML alike): the catalog's page, with what identity
 * lets the public see of the podcast's owner, and on the podcast page the podcast's figures from analytics, asked
 * only when the owner shares them. The catalog's answer decides whether the page exists; the rest only adds to it,
 * and is left out when its service does not answer.
 *
 * Identity is asked by the owner's user id the catalog answers with, never by the podcast's `ownerUsername` (the
 * sign-in's username when the podcast was made, which another profile may hold: their card and their sharing
 * choice must never decide this podcast's page). The user id itself never reaches the page: each page is built
 * here key by key, without it.
 */
@Injectable()
export class PublicPageReader {
  private readonly logger = new Logger(PublicPageReader.name);

  constructor(private readonly bus: MessageBus) {}

  async episodePage(episodeId: string): Promise<PublicEpisodePage> {
    const { ownerId, podcast, episode } = await this.bus.request(publicCatalogRequests.getEpisodePage, {
      episodeId,
    });
    const owner = await this.ownerOf(podcast, ownerId);
    return { podcast, episode, creator: owner.creator };
  }

  async podcastPage(query: PublicPodcastQuery): Promise<PublicPodcastPage> {
    const page = await this.bus.request(publicCatalogRequests.getPodcastPage, query);
    const owner = await this.ownerOf(page.podcast, page.ownerId);
    const figures = owner.analyticsSharing ? await this.figuresOf(page.podcast) : null;
    return {
      podcast: page.podcast,
      episodes: page.episodes,
      seasons: page.seasons,
      season: page.season,
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
      otherPodcasts: page.otherPodcasts,
      creator: owner.creator,
      figures,
    };
  }

  private ownerOf(podcast: PublicPodcast, userId: string): Promise<PublicOwner> {
    return this.unlessUnavailable(podcast, 'owner', HIDDEN_PUBLIC_OWNER, () =>
      this.bus.request(publicProfileRequests.getPublicOwner, { userId }),
    );
  }

  private figuresOf(podcast: PublicPodcast): Promise<PublicPodcastFigures | null> {
    return this.unlessUnavailable(podcast, 'figures', null, () =>
      this.bus.request(publicAnalyticsRequests.getPodcastFigures, { podcastId: podcast.id }),
    );
  }

  /** A service that does not answer (503, 504) leaves its part out rather than failing the page. */
  private async unlessUnavailable<T>(
    podcast: PublicPodcast,
    part: string,
    fallback: T,
    ask: () => Promise<T>,
  ): Promise<T> {
    try {
      return await ask();
    } catch (error) {
      if (!isDomainError(error) || error.status < 500) throw error;
      this.logger.warn(`public page of podcast ${podcast.id} without its ${part}: ${error.code}`);
      return fallback;
    }
  }
}
