import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FeedDocumentRepository } from '../feed-documents/feed-document.repository.js';
import { FeedCacheInvalidator } from '../http/feed-cache-invalidator.js';

/**
 * Removes podcasts' feeds in the caller's transaction: each feed's lock is taken in order, as a rendering takes its
 * one, so a rendering in progress commits first and then goes too; this process's cached and compressed copies go
 * once the transaction commits (other replicas' within their cache TTL). Answers how many stored feeds went.
 */
@Injectable()
export class FeedRemover {
  constructor(
    private readonly documents: FeedDocumentRepository,
    private readonly cacheInvalidator: FeedCacheInvalidator,
  ) {}

  async remove(em: EntityManager, podcastIds: readonly string[]): Promise<number> {
    for (const podcastId of podcastIds) await this.documents.lockForRegeneration(em, podcastId);
    const removed = await this.documents.delete(em, podcastIds);
    for (const podcastId of podcastIds) this.cacheInvalidator.invalidateAfterCommit(em, podcastId);
    return removed;
  }
}
