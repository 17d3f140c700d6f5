import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';

/** The social schema. Its own tables arrive with the social features; the outbox and processed events are there from the start. */
export const socialDatabase: ServiceDatabaseDefinition = {
  service: 'social',
  entities: [...MESSAGING_ENTITIES],
  migrations: [MESSAGING_MIGRATION],
};
