import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@castbase/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FeedRepository } from '../feed-documents/feed.repository.js';
import { AfterCommit } from '@castbase/platform-persistence';
import { FeedRegenerationQueue } from '../generation/feed-regeneration-queue.js';

/**
 * What every catalog event that may change a podcast's feeds does: counts the change in the event's transaction (the
 * RSS status says needsUpdate from that commit on) and, once it commits, asks for a generation, merged with any
 * already running for the podcast. A failed generation leaves needsUpdate true and is tried again by the sweep.
 */
@Injectable()
export class CatalogChangeRecorder {
  constructor(
    private readonly feeds: FeedRepository,
    private readonly afterCommit: AfterCommit,
    private readonly queue: FeedRegenerationQueue,
  ) {}

  async record(
    em: EntityManager,
    change: { podcastId: string; ownerId: string },
    envelope: Pick<EventEnvelope<unknown>, 'occurredAt'>,
  ): Promise<void> {
    await this.feeds.recordChange(em, { ...change, changedAt: new Date(envelope.occurredAt) });
    this.afterCommit.run(em, () => this.queue.scheduleQuietly(change.podcastId));
  }
}
