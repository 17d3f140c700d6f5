import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { Episode } from '../episodes/episode.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';
import { CreateCatalogTables } from './migration-20261122-catalog.js';

export const catalogDatabase: ServiceDatabaseDefinition = {
  service: 'catalog',
  entities: [Podcast, Episode, ...MESSAGING_ENTITIES],
  migrations: [MESSAGING_MIGRATION, { name: '20261122000100_catalog', class: CreateCatalogTables }],
};
