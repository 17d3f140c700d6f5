import { CreateMessagingTables, messagingEntities } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';

/** The monetization schema. Its own tables arrive with the monetization features; the outbox and processed events are there from the start. */
export const monetizationDatabase: ServiceDatabaseDefinition = {
  service: 'monetization',
  entities: [...messagingEntities],
  migrations: [{ name: '20261122000000_messaging', class: CreateMessagingTables }],
};
