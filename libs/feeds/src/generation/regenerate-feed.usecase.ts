import { Inject, Injectable } from '@nestjs/common';
import {
  catalogRequests,
  DomainError,
  FEED_EPISODES_PAGE_MAX,
  feedsEvents,
  type Episode,
  isDomainError,
  type FeedStatus,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, Outbox } from '@castbase/platform-messaging';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FeedDocument } from '../feed-documents/feed-document.js';
import { FeedDocumentRepository } from '../feed-documents/feed-document.repository.js';
import { feedEtag } from '../feed-documents/feed-etag.js';
import { FeedCacheInvalidator } from '../http/feed-cache-invalidator.js';
import { MAIN_FEED_ITEM_LIMIT } from '../rss/feed-episodes.js';
import { renderPodcastFeed, type FeedSource } from '../rss/render-podcast-feed.js';
import { feedStatus } from './feed-status.js';

export interface RegenerateFeedCommand {
  podcastId: string;
  /** When set, the podcast must belong to this owner (else the caller learns nothing about it). */
  ownerId?: string;
}

/**
 * Renders a podcast's main feed from the catalog's current data and stores it in the caller's transaction, with
 * a `feeds.feed.regenerated` event in the outbox; this process's cached copy goes when that transaction commits.
 * Regenerations of one podcast run one after another, so the stored feed is always the latest rendering.
 */
@Injectable()
export class RegenerateFeed {
  constructor(
    private readonly bus: MessageBus,
    private readonly outbox: Outbox,
    private readonly documents: FeedDocumentRepository,
    private readonly cacheInvalidator: FeedCacheInvalidator,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async execute(
    em: EntityManager,
    command: RegenerateFeedCommand,
  ): Promise<{ document: FeedDocument; status: FeedStatus }> {
    await this.documents.lockForRegeneration(em, command.podcastId);
    const source = await this.fetchSource(command);

    const document = this.render(source);
    await this.documents.save(em, document);
    const status = feedStatus(document, this.config.PUBLIC_URL);
    this.outbox.add(em, feedsEvents.feedRegenerated, { ...status, ownerId: document.ownerId });
    this.cacheInvalidator.invalidateAfterCommit(em, document.podcastId);
    return { document, status };
  }

  private async fetchSource({ podcastId, ownerId }: RegenerateFeedCommand): Promise<FeedSource> {
    if (ownerId === undefined) return this.fetchWithEpisodes(podcastId);
    // Scoped to an owner: an unknown podcast and another owner's podcast look the same.
    try {
      const source = await this.fetchWithEpisodes(podcastId);
      if (source.podcast.ownerId === ownerId) return source;
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'PODCAST_NOT_FOUND') throw error;
    }
    throw new DomainError('FEED_NOT_FOUND');
  }

  private async fetchWithEpisodes(podcastId: string): Promise<FeedSource> {
    const { podcast } = await this.bus.request(catalogRequests.getFeedSource, { podcastId });
    const episodes: Episode[] = [];
    let after: { releaseDate: string; id: string } | null = null;
    while (episodes.length < MAIN_FEED_ITEM_LIMIT) {
      const page: { episodes: Episode[] } = await this.bus.request(catalogRequests.getFeedEpisodes, {
        podcastId,
        after,
        limit: FEED_EPISODES_PAGE_MAX,
      });
      episodes.push(...page.episodes);
      const last = page.episodes.at(-1);
      if (!last || page.episodes.length < FEED_EPISODES_PAGE_MAX) break;
      after = { releaseDate: last.publishDate ?? last.createdAt, id: last.id };
    }
    return { podcast, episodes };
  }

  private render(source: FeedSource): FeedDocument {
    const { podcast } = source;
    const { xml, episodeCount } = renderPodcastFeed(source, { publicUrl: this.config.PUBLIC_URL });
    return {
      podcastId: podcast.id,
      ownerId: podcast.ownerId,
      username: podcast.ownerUsername,
      slug: podcast.slug,
      visibility: podcast.visibility,
      xml,
      etag: feedEtag(xml),
      byteSize: Buffer.byteLength(xml, 'utf8'),
      episodeCount,
      generatedAt: new Date(),
    };
  }
}
