import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import { CreateDirectoryStatuses } from './directories/create-directory-statuses.migration.js';
import { DirectoryStatusEntity } from './directories/directory-status.entity.js';
import { CreateFeedDocuments } from './feed-documents/create-feed-documents.migration.js';
import { FeedDocumentEntity } from './feed-documents/feed-document.entity.js';
import { IndexFeedDocumentsOwner } from './feed-documents/index-feed-documents-owner.migration.js';
import { CreateFeedTestResults } from './tester/create-feed-test-results.migration.js';
import { feedTestEntities } from './tester/feed-tester.providers.js';

/** The `feeds` schema: stored feed documents, plus the outbox and processed-event tables every service has. */
export const feedsDatabase: ServiceDatabaseDefinition = {
  service: 'feeds',
  entities: [FeedDocumentEntity, DirectoryStatusEntity, ...feedTestEntities, ...MESSAGING_ENTITIES],
  migrations: [
    MESSAGING_MIGRATION,
    { name: 'feeds-0001-create-feed-documents', class: CreateFeedDocuments },
    { name: 'feeds-0002-index-feed-documents-owner', class: IndexFeedDocumentsOwner },
    { name: 'feeds-0003-create-directory-statuses', class: CreateDirectoryStatuses },
    { name: 'feeds-0004-create-feed-test-results', class: CreateFeedTestResults },
  ],
};
