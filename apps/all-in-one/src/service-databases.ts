import { analyticsDatabase } from '@castbase/analytics';
import { catalogDatabase } from '@castbase/catalog';
import { feedsDatabase } from '@castbase/feeds';
import { identityDatabase } from '@castbase/identity';
import { mediaDatabase } from '@castbase/media';
import { monetizationDatabase } from '@castbase/monetization';
import { socialDatabase } from '@castbase/social';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';

/** Every service's schema, in the order migrations run. */
export const serviceDatabases: ServiceDatabaseDefinition[] = [
  identityDatabase,
  catalogDatabase,
  mediaDatabase,
  feedsDatabase,
  analyticsDatabase,
  monetizationDatabase,
  socialDatabase,
];
