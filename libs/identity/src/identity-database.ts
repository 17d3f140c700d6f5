import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { ACCOUNT_ENTITIES, ACCOUNT_MIGRATIONS } from './profiles/accounts-schema.js';
import { NOTIFICATION_ENTITIES, NOTIFICATION_MIGRATIONS } from './notifications/notifications.js';
import { OIDC_ENTITIES, OIDC_MIGRATION } from './oidc/index.js';

/** The identity schema: the outbox and processed events, then each feature's tables. */
export const identityDatabase: ServiceDatabaseDefinition = {
  service: 'identity',
  entities: [...MESSAGING_ENTITIES, ...ACCOUNT_ENTITIES, ...OIDC_ENTITIES, ...NOTIFICATION_ENTITIES],
  migrations: [MESSAGING_MIGRATION, ...ACCOUNT_MIGRATIONS, OIDC_MIGRATION, ...NOTIFICATION_MIGRATIONS],
};
