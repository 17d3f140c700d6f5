import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { Contributor } from '../contributors/contributor.entity.js';
import { Episode } from '../episodes/episode.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';
import { EpisodeVersion } from '../versions/episode-version.entity.js';
import { CreateCatalogTables } from './migration-20261122-catalog.js';
import { AddPodcastDetails } from './migration-20261123-podcast-details.js';
import { AddPodcastAudioBitrate } from './migration-20261125-audio-bitrate.js';
import { StoreMediaKeys } from './migration-20261125-media-keys.js';
import { AddPodcastSettingsAndContributors } from './migration-20261125-podcast-settings-contributors.js';
import { AddEpisodeFields } from './migration-20261125-episode-fields.js';
import { CreateEpisodeVersions } from './migration-20261125-episode-versions.js';
import { FeedImport, FeedImportItem } from '../feed-import/feed-import.entity.js';
import { CreateFeedImports } from '../feed-import/migration-20261126-feed-imports.js';
import { AddEpisodeSearch } from './migration-20261125-episode-search.js';
import { AddPodcastChannelAndFeedOrder } from './migration-20261126-podcast-channel-feeds.js';

export const catalogDatabase: ServiceDatabaseDefinition = {
  service: 'catalog',
  entities: [
    Podcast,
    Episode,
    EpisodeVersion,
    Contributor,
    FeedImport,
    FeedImportItem,
    ...MESSAGING_ENTITIES,
  ],
  migrations: [
    MESSAGING_MIGRATION,
    { name: '20261122000100_catalog', class: CreateCatalogTables },
    { name: '20261123000100_podcast_details', class: AddPodcastDetails },
    { name: '20261125000100_media_keys', class: StoreMediaKeys },
    { name: '20261125000200_audio_bitrate', class: AddPodcastAudioBitrate },
    { name: '20261125000300_podcast_settings_contributors', class: AddPodcastSettingsAndContributors },
    { name: '20261125000400_episode_fields', class: AddEpisodeFields },
    { name: '20261125000500_episode_versions', class: CreateEpisodeVersions },
    { name: '20261125000600_episode_search', class: AddEpisodeSearch },
    { name: '20261126000100_podcast_channel_feeds', class: AddPodcastChannelAndFeedOrder },
    { name: '20261126000900_feed_imports', class: CreateFeedImports },
  ],
};
