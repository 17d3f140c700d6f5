import { Injectable } from '@nestjs/common';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs work once the caller's transaction commits — not before, or a request arriving in between would see the old
 * rows again (a cache refilled with the old feed, a generation that misses the change it was started for). Work for a
 * rolled-back transaction is dropped; outside a transaction it runs at once.
 */
@Injectable()
export class AfterCommit implements EventSubscriber {
  private readonly pending = new Map<object, Array<() => void>>();

  constructor(em: EntityManager) {
    em.getEventManager().registerSubscriber(this);
  }

  run(em: EntityManager, work: () => void): void {
    const transaction = em.getTransactionContext<object>();
    // A savepoint's commit is not the one that makes rows visible; running now is the safe choice there.
    if (!transaction || 'savepointName' in transaction) return work();
    const works = this.pending.get(transaction) ?? [];
    works.push(work);
    this.pending.set(transaction, works);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    const key = transaction as object | undefined;
    if (!key) return;
    const works = this.pending.get(key);
    this.pending.delete(key);
    for (const work of works ?? []) work();
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    const key = transaction as object | undefined;
    if (key) this.pending.delete(key);
  }
}
