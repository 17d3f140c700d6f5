import type { EventDefinition, EventEnvelope, MessageHeaders, PayloadOf } from '@castbase/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { outgoingHeaders } from '../trace-context.js';
import { validationIssues } from '../wire.js';
import { newEventId } from './event-id.js';
import { OutboxMessage } from './outbox-message.entity.js';

/** A producer handed an event payload that breaks its own contract: a bug, so not a DomainError. */
export class InvalidEventPayloadError extends Error {
  override readonly name = 'InvalidEventPayloadError';

  constructor(
    readonly subject: string,
    readonly issues: ReturnType<typeof validationIssues>,
  ) {
    super(
      `Event payload for ${subject} is invalid: ${issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  }
}

/**
 * Records events in the caller's unit of work: the outbox row is flushed and committed with the change that
 * caused it, or not at all. The relay publishes it after the commit.
 */
export class Outbox {
  /**
   * Validates `payload` with the definition and persists an outbox row in `em` (no flush). The current trace
   * context is stored with it, so consumers continue the trace of the change. Returns the event's envelope.
   */
  add<D extends EventDefinition>(
    em: EntityManager,
    definition: D,
    payload: z.input<D['payload']>,
    headers?: MessageHeaders,
  ): EventEnvelope<PayloadOf<D>> {
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success)
      throw new InvalidEventPayloadError(definition.subject, validationIssues(parsed.error));
    const occurredAt = new Date();
    const message = em.create(OutboxMessage, {
      id: newEventId(occurredAt.getTime()),
      subject: definition.subject,
      payload: parsed.data,
      headers: outgoingHeaders(headers),
      occurredAt,
      publishedAt: null,
      attempts: 0,
      lastError: null,
    });
    em.persist(message);
    return {
      id: message.id,
      subject: message.subject,
      occurredAt: occurredAt.toISOString(),
      payload: parsed.data as PayloadOf<D>,
    };
  }
}
