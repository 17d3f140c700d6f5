import { CreateMessagingTables, messagingEntities } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';

/** The social schema. Its own tables arrive with the social features; the outbox and processed events are there from the start. */
export const socialDatabase: ServiceDatabaseDefinition = {
  service: 'social',
  entities: [...messagingEntities],
  migrations: [{ name: '20261122000000_messaging', class: CreateMessagingTables }],
};
