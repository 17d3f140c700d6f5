import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import {
  catalogRequests,
  feedsEvents,
  isDomainError,
  MAIN_FEED,
  validateGeneratedFeeds,
  type FeedVariant,
  type Podcast,
} from '@castbase/contracts';
import { APP_CONFIG, type AppConfig } from '@castbase/platform-config';
import { MessageBus, Outbox } from '@castbase/platform-messaging';
import { EntityManager } from '@mikro-orm/postgresql';
import { FeedRemover } from '../erasure/feed-remover.js';
import { FeedFiles } from '../feed-documents/feed-files.js';
import type { FeedPodcastRecord, FeedVariantRecord } from '../feed-documents/feed-records.js';
import { FeedRepository, type FeedPodcastAccess } from '../feed-documents/feed.repository.js';
import { FeedResponseCache } from '../http/feed-response-cache.js';
import { AfterCommit } from '@castbase/platform-persistence';
import { generationAttention } from './feed-attention.js';
import { variantUrl } from './feed-status.js';
import { renderFeedVariants, type RenderedVariant } from './render-feed-variants.js';

export type FeedsGenerationConfig = Pick<AppConfig, 'PUBLIC_URL' | 'WEBSUB_HUBS' | 'PODPING_URL'>;

/** The podcast's address and access as the catalog has them now (a public podcast has no token in its URLs). */
export function accessOf(podcast: Podcast): FeedPodcastAccess {
  return {
    podcastId: podcast.id,
    ownerId: podcast.ownerId,
    username: podcast.ownerUsername,
    slug: podcast.slug,
    visibility: podcast.visibility,
    privateToken: podcast.visibility === 'private' ? podcast.privateAccessToken : null,
  };
}

/**
 * Generates every variant of a podcast's feed from the catalog's current data in one pass, in its own transaction
 * under the podcast's advisory lock: variants whose bytes changed are stored (XML, gzip, brotli under `rss/`) with
 * their new tag, unchanged ones are left alone, variants the podcast no longer has are deleted, and the RSS status and
 * a `feeds.feed.regenerated` event commit together. This process's cached copies go when that commits.
 */
@Injectable()
export class RegenerateFeed {
  constructor(
    private readonly em: EntityManager,
    private readonly bus: MessageBus,
    private readonly outbox: Outbox,
    private readonly feeds: FeedRepository,
    private readonly files: FeedFiles,
    private readonly cache: FeedResponseCache,
    private readonly afterCommit: AfterCommit,
    private readonly remover: FeedRemover,
    @Inject(APP_CONFIG) private readonly config: FeedsGenerationConfig,
  ) {}

  /** Answers the podcast's record after the generation, or null when the catalog no longer has the podcast. */
  async execute(podcastId: string): Promise<FeedPodcastRecord | null> {
    const directory = await mkdtemp(join(tmpdir(), 'castbase-feed-'));
    try {
      return await this.em.fork().transactional((em) => this.generate(em, podcastId, directory));
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }

  private async generate(em: EntityManager, podcastId: string, directory: string) {
    await this.feeds.lockPodcast(em, podcastId);
    const before = await this.feeds.findPodcast(em, podcastId);
    // Every change counted so far reached the catalog before it was counted, so the data read next includes it.
    const changesIncluded = before?.changesHeard ?? 0;
    const source = await this.bus
      .request(catalogRequests.getFeedSource, { podcastId })
      .catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'PODCAST_NOT_FOUND') return null;
        throw error;
      });
    if (!source) {
      // Gone from the catalog (deleted, or its owner erased): nothing to generate and nothing to keep, not even the
      // owner id a late event brought back.
      if (before) await this.remover.remove(em, [podcastId]);
      return null;
    }

    const access = accessOf(source.podcast);
    await this.feeds.updateAccess(em, access);
    const moved = await this.feeds.hasMovedAddresses(em, podcastId);
    const isPrivate = access.visibility === 'private';
    const rendered = await renderFeedVariants({
      channel: source,
      directory,
      writerOptions: (variant) => ({
        publicUrl: this.config.PUBLIC_URL,
        variant,
        token: access.privateToken,
        newFeedUrl: moved ? variantUrl(this.config.PUBLIC_URL, access, MAIN_FEED, true) : null,
        // A private feed is never announced, so it names no hub and no Podping.
        websubHubs: isPrivate ? [] : this.config.WEBSUB_HUBS,
        podping: !isPrivate && this.config.PODPING_URL !== undefined,
      }),
      episodesAfter: async (after, limit) =>
        (await this.bus.request(catalogRequests.getFeedEpisodes, { podcastId, after, limit })).episodes,
    });

    const generatedAt = new Date();
    const { changed, removedKeys } = await this.store(em, podcastId, rendered, generatedAt);
    const main = rendered.find((entry) => entry.variant.kind === 'main');
    const full = rendered.find((entry) => entry.variant.kind === 'full');
    const outcome = {
      sizeBytes: main?.output.byteSize ?? 0,
      validation: main ? validateGeneratedFeeds(main.facts, full?.facts ?? null) : null,
    };
    await this.feeds.saveGeneration(em, podcastId, {
      feedEpisodeCount: source.feedEpisodeCount,
      episodeCount: main?.itemCount ?? 0,
      generatedAt,
      ...outcome,
      changesGenerated: changesIncluded,
    });
    for (const attention of generationAttention(before?.generatedAt ? before : null, outcome))
      this.outbox.add(em, feedsEvents.feedAttention, {
        podcastId,
        at: generatedAt.toISOString(),
        attention,
      });
    const publicUrl = (variant: FeedVariant) => variantUrl(this.config.PUBLIC_URL, access, variant, false);
    this.outbox.add(em, feedsEvents.feedRegenerated, {
      podcastId,
      ownerId: access.ownerId,
      url: publicUrl(MAIN_FEED),
      episodeCount: main?.itemCount ?? 0,
      generatedAt: generatedAt.toISOString(),
      changed: changed.length > 0 || removedKeys.length > 0,
      private: isPrivate,
      changedUrls: changed.map(publicUrl),
      medium: source.podcast.podcastMedium,
    });
    this.afterCommit.run(em, () => {
      this.cache.invalidatePodcast(podcastId);
      // Deleted after the rows, so no reader finds a variant row whose files are gone.
      void this.files.deleteVariants(podcastId, removedKeys).catch(() => undefined);
    });
    return this.feeds.findPodcast(em, podcastId);
  }

  /** Stores the variants whose tag changed and forgets those the podcast no longer has. */
  private async store(em: EntityManager, podcastId: string, rendered: RenderedVariant[], generatedAt: Date) {
    const previous = new Map<string, FeedVariantRecord>(
      (await this.feeds.findVariants(em, podcastId)).map((variant) => [variant.variantKey, variant]),
    );
    const changed: FeedVariant[] = [];
    for (const { variant, key, itemCount, output } of rendered) {
      if (previous.get(key)?.etag === output.etag) continue;
      await this.files.write(podcastId, key, output.files);
      await this.feeds.saveVariant(em, {
        podcastId,
        variantKey: key,
        etag: output.etag,
        byteSize: output.byteSize,
        gzipSize: output.gzipSize,
        brotliSize: output.brotliSize,
        itemCount,
        generatedAt,
      });
      changed.push(variant);
    }
    const kept = new Set(rendered.map((entry) => entry.key));
    const removedKeys = [...previous.keys()].filter((key) => !kept.has(key));
    await this.feeds.deleteVariants(em, podcastId, removedKeys);
    return { changed, removedKeys };
  }
}
