import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { AfterCommit, PersistenceModule } from '@castbase/platform-persistence';
import { DirectoryReadiness } from './directories/directory-readiness.js';
import { DirectoryStatusChanges } from './directories/directory-status-changes.js';
import { DirectoryStatusRepository } from './directories/directory-status.repository.js';
import { ListDirectoryChecksHandler } from './directories/list-directory-checks.handler.js';
import { RecordDirectoryStatusHandler } from './directories/record-directory-status.handler.js';
import { RecordDirectorySubmissionHandler } from './directories/record-directory-submission.handler.js';
import { EraseOwnerFeedsHandler } from './erasure/erase-owner-feeds.handler.js';
import { FeedRemover } from './erasure/feed-remover.js';
import { FeedFiles } from './feed-documents/feed-files.js';
import { FeedRepository } from './feed-documents/feed.repository.js';
import { MikroOrmFeedRepository } from './feed-documents/mikro-orm-feed.repository.js';
import { feedsDatabase } from './feeds-database.js';
import { FeedRegenerationQueue } from './generation/feed-regeneration-queue.js';
import { RegenerateFeed } from './generation/regenerate-feed.usecase.js';
import { CatalogChangeRecorder } from './handlers/catalog-change-recorder.js';
import { GenerateFeedHandler } from './handlers/generate-feed.handler.js';
import { GetFeedStatusHandler } from './handlers/get-feed-status.handler.js';
import { RegenerateOnEpisodeDeletedHandler } from './handlers/regenerate-on-episode-deleted.handler.js';
import { RegenerateOnEpisodePublishedHandler } from './handlers/regenerate-on-episode-published.handler.js';
import { RegenerateOnEpisodeUnpublishedHandler } from './handlers/regenerate-on-episode-unpublished.handler.js';
import { RegenerateOnEpisodeUpdatedHandler } from './handlers/regenerate-on-episode-updated.handler.js';
import { RegenerateOnPodcastCreatedHandler } from './handlers/regenerate-on-podcast-created.handler.js';
import { RegenerateOnPodcastUpdatedHandler } from './handlers/regenerate-on-podcast-updated.handler.js';
import { RemoveFeedOnPodcastDeletedHandler } from './handlers/remove-feed-on-podcast-deleted.handler.js';
import { FeedController } from './http/feed.controller.js';
import { FeedHttpRoute } from './http/feed-http-route.js';
import { FeedRequestLog } from './http/feed-request-log.js';
import { FeedResponseCache } from './http/feed-response-cache.js';
import { ServeFeed } from './http/serve-feed.usecase.js';
import { AnnounceFeedChangeHandler } from './notify/announce-feed-change.handler.js';
import { FeedChangeAnnouncer } from './notify/feed-change-announcer.js';
import { feedTesterProviders, feedTestRequestHandlers } from './tester/feed-tester.providers.js';

const requestHandlers = [
  GenerateFeedHandler,
  GetFeedStatusHandler,
  ListDirectoryChecksHandler,
  RecordDirectorySubmissionHandler,
  RecordDirectoryStatusHandler,
  ...feedTestRequestHandlers,
];
const eventHandlers = [
  RegenerateOnPodcastCreatedHandler,
  RegenerateOnPodcastUpdatedHandler,
  RegenerateOnEpisodePublishedHandler,
  RegenerateOnEpisodeUpdatedHandler,
  RegenerateOnEpisodeUnpublishedHandler,
  RegenerateOnEpisodeDeletedHandler,
  RemoveFeedOnPodcastDeletedHandler,
  EraseOwnerFeedsHandler,
  AnnounceFeedChangeHandler,
];

/**
 * The feeds service: generates every variant of each podcast's RSS feed when the catalog changes, stores them in
 * object storage under `rss/` with their status in the `feeds` schema, serves them at
 * `/feeds/{username}/{slug-or-id}{suffix}.xml`, and erases a user's feeds when their account is deleted. Expects `APP_CONFIG` and the persistence root from the process.
 */
@Module({
  imports: [
    PersistenceModule.forService(feedsDatabase),
    MessagingModule.forService({ service: 'feeds', requestHandlers, eventHandlers }),
  ],
  controllers: [FeedController],
  providers: [
    { provide: FeedRepository, useClass: MikroOrmFeedRepository },
    FeedFiles,
    FeedResponseCache,
    AfterCommit,
    FeedRemover,
    RegenerateFeed,
    FeedRegenerationQueue,
    CatalogChangeRecorder,
    ServeFeed,
    FeedHttpRoute,
    FeedRequestLog,
    FeedChangeAnnouncer,
    DirectoryStatusRepository,
    DirectoryStatusChanges,
    DirectoryReadiness,
    ...feedTesterProviders,
    ...requestHandlers,
    ...eventHandlers,
  ],
})
export class FeedsModule {}
