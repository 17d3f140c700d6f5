import { Module } from '@nestjs/common';
import { APP_CONFIG } from '@castbase/platform-config';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { analyticsDatabase } from './database/analytics-database.js';
import { EnclosureRedirectController } from './downloads/enclosure-redirect.controller.js';
import { DownloadHttpRoute } from './downloads/download-http-route.js';
import { DownloadPartitions } from './downloads/download-partitions.js';
import { DownloadTargets } from './downloads/download-targets.js';
import {
  DOWNLOAD_WRITER_OPTIONS,
  DownloadWriter,
  downloadWriterOptions,
} from './downloads/download-writer.js';
import { ListenerKeys } from './downloads/listener-keys.js';
import { Attribution, CountryLookup } from './attribution/index.js';
import {
  downloadCounterOptions,
  DOWNLOAD_COUNTER_OPTIONS,
  DownloadCounter,
} from './counting/download-counter.js';
import { RawEventRetention } from './counting/raw-event-retention.js';
import { EpisodeDeletedHandler } from './enclosures/episode-deleted.handler.js';
import { EpisodePublishedHandler } from './enclosures/episode-published.handler.js';
import { EpisodeUnpublishedHandler } from './enclosures/episode-unpublished.handler.js';
import { EpisodeUpdatedHandler } from './enclosures/episode-updated.handler.js';
import {
  GetDashboardAnalyticsHandler,
  GetEpisodeAnalyticsHandler,
  GetPodcastAnalyticsHandler,
  GetPublicPodcastFiguresHandler,
} from './reports/analytics-report.handlers.js';
import { AnalyticsReports } from './reports/analytics-reports.js';
import { DownloadFigures } from './reports/download-figures.js';
import { GetWeeklyReportHandler } from './reports/get-weekly-report.handler.js';
import { WeeklyReports } from './reports/weekly-reports.js';
import { EraseUserAnalyticsHandler } from './erasure/erase-user-analytics.handler.js';
import { AnalyticsExports } from './exports/analytics-exports.js';
import { ExportFigures } from './exports/export-figures.js';
import { GetAnalyticsExportHandler } from './exports/get-analytics-export.handler.js';
import { BeaconController } from './listening/beacon.controller.js';
import { BeaconHttpRoute } from './listening/beacon-http-route.js';
import { ListeningSessions } from './listening/listening-sessions.js';
import {
  PodcastCreatedAccessHandler,
  PodcastDeletedAccessHandler,
  PodcastUpdatedAccessHandler,
} from './podcasts/podcast-access-changed.handler.js';
import { PodcastAccessService } from './podcasts/podcast-access.service.js';
import { FeedAnalyticsService } from './feed-requests/feed-analytics.service.js';
import { FeedRequestsRepository } from './feed-requests/feed-requests.repository.js';
import { ObjectsDeliveredHandler } from './deliveries/objects-delivered.handler.js';
import { FeedsRequestedHandler } from './feed-requests/feeds-requested.handler.js';
import { GetFeedAnalyticsHandler } from './feed-requests/get-feed-analytics.handler.js';

const eventHandlers = [
  EpisodePublishedHandler,
  EpisodeUpdatedHandler,
  EpisodeUnpublishedHandler,
  EpisodeDeletedHandler,
  EraseUserAnalyticsHandler,
  PodcastCreatedAccessHandler,
  PodcastUpdatedAccessHandler,
  PodcastDeletedAccessHandler,
  FeedsRequestedHandler,
  ObjectsDeliveredHandler,
];

/**
 * Downloads through the enclosure redirect (`/e/...`), counted against a local copy of published episodes'
 * media kept from `catalog.episode.published` and `catalog.episode.updated` (other media, a re-tagged MP3), closed by
 * `catalog.episode.unpublished` and `catalog.episode.deleted`; a private
 * podcast's downloads need its current token (visibility and token hash kept from `catalog.podcast.*`). Erases a user's
 * enclosures, downloads and podcasts' access records on
 * `identity.user.deletion-requested`.
 */
@Module({
  imports: [
    PersistenceModule.forService(analyticsDatabase),
    MessagingModule.forService({
      service: 'analytics',
      requestHandlers: [
        GetPodcastAnalyticsHandler,
        GetEpisodeAnalyticsHandler,
        GetDashboardAnalyticsHandler,
        GetPublicPodcastFiguresHandler,
        GetFeedAnalyticsHandler,
        GetAnalyticsExportHandler,
        GetWeeklyReportHandler,
      ],
      eventHandlers,
    }),
  ],
  controllers: [EnclosureRedirectController, BeaconController],
  providers: [
    PodcastAccessService,
    DownloadTargets,
    DownloadPartitions,
    RawEventRetention,
    ListenerKeys,
    DownloadWriter,
    DownloadHttpRoute,
    ListeningSessions,
    BeaconHttpRoute,
    { provide: DOWNLOAD_WRITER_OPTIONS, inject: [APP_CONFIG], useFactory: downloadWriterOptions },
    { provide: CountryLookup, useFactory: () => CountryLookup.open() },
    { provide: Attribution, useFactory: () => new Attribution() },
    { provide: DOWNLOAD_COUNTER_OPTIONS, inject: [APP_CONFIG], useFactory: downloadCounterOptions },
    DownloadCounter,
    DownloadFigures,
    AnalyticsReports,
    WeeklyReports,
    ExportFigures,
    AnalyticsExports,
    FeedRequestsRepository,
    FeedAnalyticsService,
  ],
})
export class AnalyticsModule {}
