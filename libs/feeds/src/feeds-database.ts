import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import { CreateDirectoryStatuses } from './directories/create-directory-statuses.migration.js';
import { DirectoryStatusEntity } from './directories/directory-status.entity.js';
import { CreateFeedDocuments } from './feed-documents/create-feed-documents.migration.js';
import { FeedPodcastEntity } from './feed-documents/feed-podcast.entity.js';
import { FeedRedirectEntity } from './feed-documents/feed-redirect.entity.js';
import { FeedVariantEntity } from './feed-documents/feed-variant.entity.js';
import { IndexFeedDocumentsOwner } from './feed-documents/index-feed-documents-owner.migration.js';
import { StoreFeedValidation } from './feed-documents/store-feed-validation.migration.js';
import { StoreFeedVariants } from './feed-documents/store-feed-variants.migration.js';
import { CreateFeedTestResults } from './tester/create-feed-test-results.migration.js';
import { feedTestEntities } from './tester/feed-tester.providers.js';
import { FeedTestResultsFollowPodcast } from './tester/feed-test-results-follow-podcast.migration.js';

/** The `feeds` schema: each podcast's RSS status and stored variants, the addresses feeds moved from, plus the outbox and processed-event tables every service has. */
export const feedsDatabase: ServiceDatabaseDefinition = {
  service: 'feeds',
  entities: [
    FeedPodcastEntity,
    FeedVariantEntity,
    FeedRedirectEntity,
    DirectoryStatusEntity,
    ...feedTestEntities,
    ...MESSAGING_ENTITIES,
  ],
  migrations: [
    MESSAGING_MIGRATION,
    { name: 'feeds-0001-create-feed-documents', class: CreateFeedDocuments },
    { name: 'feeds-0002-index-feed-documents-owner', class: IndexFeedDocumentsOwner },
    { name: 'feeds-0003-create-directory-statuses', class: CreateDirectoryStatuses },
    { name: 'feeds-0004-create-feed-test-results', class: CreateFeedTestResults },
    { name: 'feeds-0005-store-feed-variants', class: StoreFeedVariants },
    { name: 'feeds-0006-feed-test-results-follow-podcast', class: FeedTestResultsFollowPodcast },
    { name: 'feeds-0007-store-feed-validation', class: StoreFeedValidation },
  ],
};
