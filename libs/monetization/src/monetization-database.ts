import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';

/** The monetization schema. Its own tables arrive with the monetization features; the outbox and processed events are there from the start. */
export const monetizationDatabase: ServiceDatabaseDefinition = {
  service: 'monetization',
  entities: [...MESSAGING_ENTITIES],
  migrations: [MESSAGING_MIGRATION],
};
