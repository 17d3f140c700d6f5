import { MESSAGING_ENTITIES, MESSAGING_MIGRATION } from '@castbase/platform-messaging';
import type { ServiceDatabaseDefinition } from '@castbase/platform-persistence';
import { Episode } from '../episodes/episode.entity.js';
import { Podcast } from '../podcasts/podcast.entity.js';
import { CreateCatalogTables } from './migration-20261122-catalog.js';
import { AddPodcastDetails } from './migration-20261123-podcast-details.js';
import { AddPodcastAudioBitrate } from './migration-20261125-audio-bitrate.js';
import { StoreMediaKeys } from './migration-20261125-media-keys.js';

export const catalogDatabase: ServiceDatabaseDefinition = {
  service: 'catalog',
  entities: [Podcast, Episode, ...MESSAGING_ENTITIES],
  migrations: [
    MESSAGING_MIGRATION,
    { name: '20261122000100_catalog', class: CreateCatalogTables },
    { name: '20261123000100_podcast_details', class: AddPodcastDetails },
    { name: '20261125000100_media_keys', class: StoreMediaKeys },
    { name: '20261125000200_audio_bitrate', class: AddPodcastAudioBitrate },
  ],
};
