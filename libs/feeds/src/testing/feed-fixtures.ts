import { defaultPodcastChannelFields, type Episode, type Podcast } from '@castbase/contracts';

/** Test data shaped like the catalog's replies. Ids are fixed so failures are easy to read. */
export const PODCAST_ID = '0b7a4c1e-3f6d-4a58-9c2e-6d1f8b3a9e01';
export const OWNER_ID = 'owner-1';

export function aPodcast(overrides: Partial<Podcast> = {}): Podcast {
  return {
    id: PODCAST_ID,
    ownerId: OWNER_ID,
    ownerUsername: 'ada',
    name: 'Signal & Noise',
    slug: 'signal-and-noise',
    description: 'Conversations about building software.',
    language: 'en',
    category: 'Technology',
    author: 'Ada Lovelace',
    coHosts: [],
    explicit: false,
    type: 'episodic',
    visibility: 'public',
    artworkUrl: null,
    artworkMediaId: null,
    audioBitrateKbps: null,
    tags: ['podcast'],
    websiteUrl: '',
    email: '',
    ownerName: '',
    ownerEmail: '',
    copyright: '',
    fundingLinks: [],
    socialLinks: [],
    podcastGuid: '5d2c6a1b-8e4f-5a3b-9c7d-1e2f3a4b5c6d',
    podcastLocked: false,
    podcastMedium: 'podcast',
    podcastPersons: [],
    lightningAddress: '',
    valueEnabled: false,
    privateAccessToken: null,
    role: 'owner',
    ...defaultPodcastChannelFields(),
    createdAt: '2025-01-01T09:00:00.000Z',
    updatedAt: '2025-01-02T09:00:00.000Z',
    ...overrides,
  };
}

let episodeSequence = 0;

export function anEpisode(overrides: Partial<Episode> = {}): Episode {
  episodeSequence += 1;
  const suffix = String(episodeSequence).padStart(12, '0');
  return {
    id: `7e0c2b44-1d5a-4f3e-8b6c-${suffix}`,
    podcastId: PODCAST_ID,
    ownerId: OWNER_ID,
    title: `Episode ${episodeSequence}`,
    description: '<p>Show notes</p>',
    status: 'published',
    episodeType: 'full',
    explicit: false,
    seasonNumber: null,
    episodeNumber: null,
    guid: `castbase-episode-${suffix}`,
    media: {
      mediaId: `9a8b7c6d-5e4f-4a3b-8c2d-${suffix}`,
      fileName: 'episode.mp3',
      mimeType: 'audio/mpeg',
      sizeBytes: 12_345_678,
      durationSeconds: 1_834,
      storageKey: `public/media/${suffix}.mp3`,
      url: `https://storage.example/media/${suffix}.mp3`,
    },
    durationSeconds: 1_834,
    artworkMediaId: null,
    artworkUrl: null,
    tags: [],
    enableRss: true,
    enableVideo: false,
    podcastBlock: false,
    transcripts: [],
    chapters: [],
    soundbites: [],
    persons: [],
    value: null,
    location: null,
    funding: [],
    license: null,
    alternateEnclosures: [],
    plays: 0,
    publishDate: '2025-02-01T10:00:00.000Z',
    scheduledReleaseDate: null,
    revision: 1,
    createdAt: '2025-01-20T10:00:00.000Z',
    updatedAt: '2025-02-01T10:00:00.000Z',
    ...overrides,
  };
}
