import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { IpHashSalt } from '../downloads/ip-hash-salt.entity.js';
import { Enclosure } from '../enclosures/enclosure.entity.js';
import { CreateAnalyticsTables } from './migration-20261122-analytics.js';
import { AddOwnerToDownloads } from './migration-20261122-download-owners.js';
import { StoreEnclosureKeys } from './migration-20261125-enclosure-keys.js';
import { CreatePodcastAccess } from './migration-20261126-podcast-access.js';
import { CreateDownloadRequests } from './migration-20261126-download-requests.js';
import { CreateDownloadCounting } from './migration-20261126-download-counting.js';
import { CreateListeningSessions } from './migration-20261126-listening-sessions.js';
import { CreateFeedRequests } from './migration-20261126-feed-requests.js';
import { CreateDownloadRollups } from './migration-20261127-download-rollups.js';
import { CreateFeedRequestRollups } from './migration-20261127-feed-request-rollups.js';
import { CreateListeningRollups } from './migration-20261127-listening-rollups.js';
import { AddEnclosureUnpublishedAt } from './migration-20261128-enclosure-unpublished.js';
import { CreateDownloadDeliveries } from './migration-20261128-download-deliveries.js';
import { CreateErasedPodcasts } from './migration-20261128-erased-podcasts.js';
import { SumFeedRequestRollups } from './migration-20261128-feed-rollup-sums.js';
import { PodcastAccess } from '../podcasts/podcast-access.entity.js';

export const analyticsDatabase: ServiceDatabaseDefinition = {
  service: 'analytics',
  entities: [Enclosure, IpHashSalt, PodcastAccess, ...MESSAGING_ENTITIES],
  migrations: [
    MESSAGING_MIGRATION,
    { name: '20261122000100_analytics', class: CreateAnalyticsTables },
    { name: '20261122000200_download_owners', class: AddOwnerToDownloads },
    { name: '20261125000100_enclosure_keys', class: StoreEnclosureKeys },
    { name: '20261126000100_podcast_access', class: CreatePodcastAccess },
    { name: '20261126000200_download_requests', class: CreateDownloadRequests },
    { name: '20261126000300_download_counting', class: CreateDownloadCounting },
    { name: '20261126000400_feed_requests', class: CreateFeedRequests },
    { name: '20261126000500_listening_sessions', class: CreateListeningSessions },
    { name: '20261127000100_download_rollups', class: CreateDownloadRollups },
    { name: '20261127000200_feed_request_rollups', class: CreateFeedRequestRollups },
    { name: '20261127000300_listening_rollups', class: CreateListeningRollups },
    { name: '20261128000100_enclosure_unpublished', class: AddEnclosureUnpublishedAt },
    { name: '20261128000200_download_deliveries', class: CreateDownloadDeliveries },
    { name: '20261128000300_erased_podcasts', class: CreateErasedPodcasts },
    { name: '20261128000400_feed_rollup_sums', class: SumFeedRequestRollups },
  ],
};
