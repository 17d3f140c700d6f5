import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';

/** The identity schema. Its own tables arrive with the identity features; the outbox and processed events are there from the start. */
export const identityDatabase: ServiceDatabaseDefinition = {
  service: 'identity',
  entities: [...MESSAGING_ENTITIES],
  migrations: [MESSAGING_MIGRATION],
};
