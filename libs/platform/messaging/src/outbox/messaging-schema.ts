import { CreateMessagingTables } from './create-messaging-tables.migration.js';
import { OutboxMessage } from './outbox-message.entity.js';
import { ProcessedEvent } from './processed-event.entity.js';

/** Add to a service's entities: its outbox and processed-event tables. */
export const MESSAGING_ENTITIES = [OutboxMessage, ProcessedEvent] as const;

/** Add to a service's migration list (before any migration that relies on the tables). */
export const MESSAGING_MIGRATION = { name: 'CreateMessagingTables', class: CreateMessagingTables } as const;
