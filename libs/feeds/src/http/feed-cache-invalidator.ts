import { Injectable } from '@nestjs/common';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { FeedResponseCache } from './feed-response-cache.js';

/**
 * Drops this process's cached copy of a feed once the transaction that stored its new version commits — not
 * before, or a request arriving in between would cache the old version again until the TTL ran out.
 */
@Injectable()
export class FeedCacheInvalidator implements EventSubscriber {
  private readonly pending = new Map<object, Set<string>>();

  constructor(
    em: EntityManager,
    private readonly cache: FeedResponseCache,
  ) {
    em.getEventManager().registerSubscriber(this);
  }

  /** Invalidates after `em`'s transaction commits (at once when `em` is in none); forgets it on rollback. */
  invalidateAfterCommit(em: EntityManager, podcastId: string): void {
    const transaction = em.getTransactionContext<object>();
    // A savepoint's commit is not the one that makes rows visible; invalidating now is the safe choice there.
    if (!transaction || 'savepointName' in transaction) return this.cache.invalidatePodcast(podcastId);
    const podcastIds = this.pending.get(transaction) ?? new Set<string>();
    podcastIds.add(podcastId);
    this.pending.set(transaction, podcastIds);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    const key = transaction as object | undefined;
    if (!key) return;
    const podcastIds = this.pending.get(key);
    this.pending.delete(key);
    for (const podcastId of podcastIds ?? []) this.cache.invalidatePodcast(podcastId);
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    const key = transaction as object | undefined;
    if (key) this.pending.delete(key);
  }
}
