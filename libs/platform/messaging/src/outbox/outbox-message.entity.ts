import type { MessageHeaders } from '@castbase/contracts';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/**
 * An event written in the same transaction as the change that caused it, waiting for the relay to publish it.
 * No schema of its own: it lives in the schema of the service whose MikroORM config lists it.
 */
@Entity({ tableName: 'outbox_messages' })
@Index({ name: 'outbox_messages_unpublished_idx', properties: ['publishedAt', 'id'] })
export class OutboxMessage {
  /** The event's id (UUIDv7: ordering by it is ordering by creation). */
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'string', length: 255 })
  subject!: string;

  @Property({ type: 'json' })
  payload!: unknown;

  @Property({ type: 'json' })
  headers: MessageHeaders = {};

  @Property({ type: 'datetime' })
  occurredAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  publishedAt: Date | null = null;

  @Property({ type: 'integer' })
  attempts = 0;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;
}
