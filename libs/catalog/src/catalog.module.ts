import { Module } from '@nestjs/common';
import { MessagingModule } from '@castbase/platform-messaging';
import { PersistenceModule } from '@castbase/platform-persistence';
import { ResolveAccessHandler } from './access/resolve-access.handler.js';
import { catalogDatabase } from './database/catalog-database.js';
import { CreateEpisodeHandler } from './episodes/create-episode.handler.js';
import { ExportEpisodesHandler } from './episodes/export-episodes.handler.js';
import { GetEpisodeHandler } from './episodes/get-episode.handler.js';
import { ListEpisodesHandler } from './episodes/list-episodes.handler.js';
import { PublishEpisodeHandler } from './episodes/publish-episode.handler.js';
import { EraseUserDataHandler } from './erasure/erase-user-data.handler.js';
import { GetFeedSourceHandler } from './feed-source/get-feed-source.handler.js';
import { CreatePodcastHandler } from './podcasts/create-podcast.handler.js';
import { GetPodcastHandler } from './podcasts/get-podcast.handler.js';
import { ListPodcastsHandler } from './podcasts/list-podcasts.handler.js';

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
        PublishEpisodeHandler,
        ExportEpisodesHandler,
        GetFeedSourceHandler,
        ResolveAccessHandler,
      ],
      eventHandlers: [EraseUserDataHandler],
    }),
  ],
})
export class CatalogModule {}
