import { CreateMessagingTables, messagingEntities } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { Download } from '../downloads/download.entity.js';
import { IpHashSalt } from '../downloads/ip-hash-salt.entity.js';
import { Enclosure } from '../enclosures/enclosure.entity.js';
import { CreateAnalyticsTables } from './migration-20261122-analytics.js';

export const analyticsDatabase: ServiceDatabaseDefinition = {
  service: 'analytics',
  entities: [Enclosure, Download, IpHashSalt, ...messagingEntities],
  migrations: [
    { name: '20261122000000_messaging', class: CreateMessagingTables },
    { name: '20261122000100_analytics', class: CreateAnalyticsTables },
  ],
};
