import {
  ChangeSetType,
  type EventManager,
  type EventSubscriber,
  type FlushEventArgs,
  type TransactionEventArgs,
} from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxMessage } from './outbox-message.entity.js';

/**
 * Tells listeners (the service's relay) when outbox rows have just become visible to other transactions: after a
 * flush that inserted some outside a transaction, or after the commit of the transaction they were flushed in.
 * For rows flushed inside a nested transaction (a savepoint), the next top-level commit tells. Best effort by
 * design: the relay's interval is the safety net.
 */
class OutboxCommitSubscriber implements EventSubscriber {
  readonly listeners = new Set<() => void>();
  private readonly awaitingCommit = new WeakSet<object>();
  private savepointPending = false;

  afterFlush({ em, uow }: FlushEventArgs): void {
    const inserted = uow
      .getChangeSets()
      .some(
        (changeSet) => changeSet.type === ChangeSetType.CREATE && changeSet.entity instanceof OutboxMessage,
      );
    if (!inserted) return;
    const transaction = em.getTransactionContext<object>();
    if (!transaction) return this.notify();
    if ('savepointName' in transaction) this.savepointPending = true;
    else this.awaitingCommit.add(transaction);
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (!transaction || 'savepointName' in (transaction as object)) return;
    const pending = this.awaitingCommit.delete(transaction as object) || this.savepointPending;
    this.savepointPending = false;
    if (pending) this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const subscribers = new WeakMap<EventManager, OutboxCommitSubscriber>();

/** Calls `listener` whenever outbox rows written through this ORM's entity managers are committed. */
export function onOutboxCommitted(em: EntityManager, listener: () => void): () => void {
  const events = em.getEventManager();
  let subscriber = subscribers.get(events);
  if (!subscriber) {
    subscriber = new OutboxCommitSubscriber();
    events.registerSubscriber(subscriber);
    subscribers.set(events, subscriber);
  }
  const registered = subscriber;
  registered.listeners.add(listener);
  return () => void registered.listeners.delete(listener);
}
