import type { EventEnvelope } from '@castbase/contracts';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ProcessedEvent } from './processed-event.entity.js';

/**
 * Makes an event handler idempotent: it runs inside a transaction that first records (consumer, event id) in
 * `processed_events`; an event already recorded is skipped (and so acknowledged). The handler's writes and the
 * record commit together, so a redelivered event is never applied twice and a failed one is retried whole.
 */
export class IdempotentConsumer {
  constructor(
    private readonly em: EntityManager,
    readonly consumer: string,
  ) {}

  /** Runs `work` once per event id for this consumer. Resolves true when it ran, false for a duplicate. */
  async handle(
    envelope: Pick<EventEnvelope<unknown>, 'id'>,
    work: (em: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.em.fork({ disableContextResolution: true }).transactional(async (em) => {
      // A concurrent delivery of the same event waits here on the primary key until this one commits or rolls back.
      const { affectedRows } = await em
        .createQueryBuilder(ProcessedEvent)
        .insert({ consumer: this.consumer, eventId: envelope.id, processedAt: new Date() })
        .onConflict(['consumer', 'eventId'])
        .ignore()
        .execute<QueryResult<ProcessedEvent>>('run');
      if (affectedRows === 0) return false;
      await work(em);
      return true;
    });
  }
}
