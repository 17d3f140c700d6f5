import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { ResolveAccessHandler } from './access/resolve-access.handler.js';
import { InviteContributorHandler } from './contributors/invite-contributor.handler.js';
import { ListContributorsHandler } from './contributors/list-contributors.handler.js';
import { RemoveContributorHandler } from './contributors/remove-contributor.handler.js';
import { UpdateContributorHandler } from './contributors/update-contributor.handler.js';
import { catalogDatabase } from './database/catalog-database.js';
import { CreateEpisodeHandler } from './episodes/create-episode.handler.js';
import { ExportEpisodesHandler } from './episodes/export-episodes.handler.js';
import { GetEpisodeHandler } from './episodes/get-episode.handler.js';
import { ListEpisodesHandler } from './episodes/list-episodes.handler.js';
import { UpdateEpisodeHandler } from './episodes/update-episode.handler.js';
import { ListVersionsHandler } from './versions/list-versions.handler.js';
import { RestoreVersionHandler } from './versions/restore-version.handler.js';
import { PublishEpisodeHandler } from './episodes/publish-episode.handler.js';
import { UnpublishEpisodeHandler } from './episodes/unpublish-episode.handler.js';
import { ScheduleEpisodeHandler } from './episodes/schedule-episode.handler.js';
import { CancelScheduleEpisodeHandler } from './episodes/cancel-schedule-episode.handler.js';
import { DuplicateEpisodeHandler } from './episodes/duplicate-episode.handler.js';
import { DeleteEpisodeHandler } from './episodes/delete-episode.handler.js';
import { PublishDueEpisodes } from './scheduling/publish-due-episodes.js';
import { PublishDueEpisodesHandler } from './scheduling/publish-due-episodes.handler.js';
import { ScheduledPublisher } from './scheduling/scheduled-publisher.js';
import { EraseUserDataHandler } from './erasure/erase-user-data.handler.js';
import { GetFeedEpisodesHandler } from './feed-source/get-feed-episodes.handler.js';
import {
  FEED_IMPORT_EVENT_HANDLERS,
  FEED_IMPORT_PROVIDERS,
  FEED_IMPORT_REQUEST_HANDLERS,
} from './feed-import/feed-import.providers.js';
import { GetFeedSourceHandler } from './feed-source/get-feed-source.handler.js';
import { CreatePodcastHandler } from './podcasts/create-podcast.handler.js';
import { GetPodcastHandler } from './podcasts/get-podcast.handler.js';
import { DeletePodcastHandler } from './podcasts/delete-podcast.handler.js';
import { ListPodcastsHandler } from './podcasts/list-podcasts.handler.js';
import { MoveFeedsOnUsernameChangedHandler } from './podcasts/move-feeds-on-username-changed.handler.js';
import { RotatePrivateTokenHandler } from './podcasts/rotate-private-token.handler.js';
import { UpdatePodcastHandler } from './podcasts/update-podcast.handler.js';
import { ChaptersFileWriter } from './chapters-file/chapters-file-writer.js';
import { GetPublicChaptersHandler } from './chapters-file/get-public-chapters.handler.js';
import {
  RemoveChaptersFileOnEpisodeDeletedHandler,
  WriteChaptersFileOnEpisodeCreatedHandler,
  WriteChaptersFileOnEpisodeUpdatedHandler,
} from './chapters-file/sync-chapters-file.handlers.js';
import { RecordTaggedMediaHandler } from './media-references/record-tagged-media.handler.js';
import { GetPublicEpisodePageHandler } from './public-pages/get-public-episode-page.handler.js';
import { GetPublicPodcastPageHandler } from './public-pages/get-public-podcast-page.handler.js';

/**
 * Podcasts, episodes and their lifecycle. Answers `catalog.*` requests; emits `catalog.*` events via its outbox;
 * erases a user's podcasts and episodes when their account is deleted.
 */
@Module({
  imports: [
    PersistenceModule.forService(catalogDatabase),
    MessagingModule.forService({
      service: 'catalog',
      requestHandlers: [
        CreatePodcastHandler,
        ListPodcastsHandler,
        GetPodcastHandler,
        CreateEpisodeHandler,
        GetEpisodeHandler,
        ListEpisodesHandler,
        UpdateEpisodeHandler,
        ListVersionsHandler,
        RestoreVersionHandler,
        PublishEpisodeHandler,
        UnpublishEpisodeHandler,
        ScheduleEpisodeHandler,
        CancelScheduleEpisodeHandler,
        DuplicateEpisodeHandler,
        DeleteEpisodeHandler,
        PublishDueEpisodesHandler,
        ExportEpisodesHandler,
        GetFeedSourceHandler,
        GetFeedEpisodesHandler,
        ResolveAccessHandler,
        UpdatePodcastHandler,
        RotatePrivateTokenHandler,
        DeletePodcastHandler,
        ListContributorsHandler,
        InviteContributorHandler,
        UpdateContributorHandler,
        RemoveContributorHandler,
        GetPublicChaptersHandler,
        GetPublicEpisodePageHandler,
        GetPublicPodcastPageHandler,
        ...FEED_IMPORT_REQUEST_HANDLERS,
      ],
      eventHandlers: [
        EraseUserDataHandler,
        WriteChaptersFileOnEpisodeCreatedHandler,
        WriteChaptersFileOnEpisodeUpdatedHandler,
        RemoveChaptersFileOnEpisodeDeletedHandler,
        RecordTaggedMediaHandler,
        MoveFeedsOnUsernameChangedHandler,
        ...FEED_IMPORT_EVENT_HANDLERS,
      ],
    }),
  ],
  // The scheduled publisher: its timer publishes due episodes every SCHEDULED_PUBLISH_INTERVAL_SECONDS.
  providers: [PublishDueEpisodes, ScheduledPublisher, ChaptersFileWriter, ...FEED_IMPORT_PROVIDERS],
})
export class CatalogModule {}
