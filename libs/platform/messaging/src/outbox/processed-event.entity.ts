import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { PrimaryKeyProp } from '@mikro-orm/core';

/** Marks an event as handled by a consumer, in the same transaction as the handler's writes. */
@Entity({ tableName: 'processed_events' })
export class ProcessedEvent {
  [PrimaryKeyProp]?: ['consumer', 'eventId'];

  @PrimaryKey({ type: 'string', length: 255 })
  consumer!: string;

  @PrimaryKey({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'datetime' })
  processedAt!: Date;
}
