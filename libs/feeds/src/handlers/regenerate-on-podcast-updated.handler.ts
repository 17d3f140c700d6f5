import { Injectable } from '@nestjs/common';
import { catalogEvents, catalogRequests, isDomainError, type PayloadOf } from '@castbase/contracts';
import { MessageBus, type EventHandler, type EventHandlerContext } from '@castbase/platform-messaging';
import { FeedRepository } from '../feed-documents/feed.repository.js';
import { AfterCommit } from '@castbase/platform-persistence';
import { accessOf } from '../generation/regenerate-feed.usecase.js';
import { FeedResponseCache } from '../http/feed-response-cache.js';
import { CatalogChangeRecorder } from './catalog-change-recorder.js';

type Definition = typeof catalogEvents.podcastUpdated;

/**
 * Saved settings, a rotated private token, a new slug or a new owner username: the feeds are generated again. Who
 * may read them changes at once, before that generation: the podcast's visibility, token and address are taken from
 * the catalog in the event's transaction (after any generation in progress, under the same lock), and this process's
 * cached copies go when it commits — a rotated-away token is refused from then on, an old address answers 301.
 */
@Injectable()
export class RegenerateOnPodcastUpdatedHandler implements EventHandler<Definition> {
  readonly definition = catalogEvents.podcastUpdated;

  constructor(
    private readonly bus: MessageBus,
    private readonly feeds: FeedRepository,
    private readonly cache: FeedResponseCache,
    private readonly afterCommit: AfterCommit,
    private readonly changes: CatalogChangeRecorder,
  ) {}

  async handle(
    payload: PayloadOf<Definition>,
    { em, envelope }: EventHandlerContext<Definition>,
  ): Promise<void> {
    const { podcastId } = payload;
    await this.feeds.lockPodcast(em, podcastId);
    const source = await this.bus
      .request(catalogRequests.getFeedSource, { podcastId })
      .catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'PODCAST_NOT_FOUND') return null;
        throw error;
      });
    if (!source) return;
    await this.feeds.updateAccess(em, accessOf(source.podcast));
    // The catalog also says where a moved feed was: an address this service never stored (two moves in a row) too.
    const previous = payload.previousAddress;
    if (previous?.ownerUsername) {
      await this.feeds.rememberMovedAddress(em, podcastId, {
        username: previous.ownerUsername,
        slug: previous.slug,
      });
    }
    this.afterCommit.run(em, () => this.cache.invalidatePodcast(podcastId));
    await this.changes.record(em, payload, envelope);
  }
}
