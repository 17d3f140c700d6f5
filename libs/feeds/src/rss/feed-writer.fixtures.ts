import type { Episode, FeedVariant, Podcast } from '@castbase/contracts';
import { aPodcast, anEpisode } from '../testing/feed-fixtures.js';
import { FeedWriter, type FeedChannel, type FeedWriteResult, type FeedWriterOptions } from './feed-writer.js';

export const PUBLIC_URL = 'https://castbase.example';

/** A podcast whose creator filled every channel field the feed carries. */
export function aFullyFilledPodcast(overrides: Partial<Podcast> = {}): Podcast {
  return aPodcast({
    name: 'Signal & Noise',
    description: '<p>Conversations about <b>building software</b>, every Monday.</p>',
    language: 'en-gb',
    category: 'News:Tech News',
    author: 'Ada Lovelace',
    coHosts: ['Charles Babbage'],
    explicit: true,
    type: 'serial',
    artworkUrl: 'https://cdn.example/art/3000.jpg',
    websiteUrl: 'https://signal.example/',
    email: 'hello@signal.example',
    ownerName: 'Ada Lovelace',
    ownerEmail: 'ada@signal.example',
    copyright: '© 2025 Signal & Noise, Ada Lovelace. All rights reserved.',
    fundingLinks: [
      { label: 'Support the show', url: 'https://ko-fi.example/signal' },
      { label: 'Patreon', url: 'https://patreon.example/signal?tier=1&ref=rss' },
    ],
    podcastGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
    podcastLocked: true,
    podcastMedium: 'podcast',
    podcastPersons: [
      {
        name: 'Grace Hopper',
        role: 'Producer',
        img: 'https://cdn.example/grace.jpg',
        href: 'https://grace.example',
      },
    ],
    lightningAddress: 'ada@getalby.example',
    valueEnabled: true,
    feedBlock: false,
    feedComplete: true,
    license: { identifier: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
    location: { name: 'Austin, TX', geo: '30.2672,-97.7431', osm: 'R113314' },
    updateFrequency: { text: 'Every Monday', rrule: 'FREQ=WEEKLY;BYDAY=MO', complete: false },
    podroll: [
      { feedGuid: 'a94f5cc9-8c58-55fc-91fe-a324087a655b', feedUrl: 'https://other.example/feed.xml' },
      { feedGuid: '6f5b8e3e-7c1d-5a2b-9e4f-0c1d2e3f4a5b' },
    ],
    txt: [{ purpose: 'verify', value: 'S6lpp-7ZCn8-dZfGc-OoyaG' }, { value: 'ai-training: no' }],
    updatedAt: '2025-03-01T08:00:00.000Z',
    ...overrides,
  });
}

/** An episode carrying every Podcasting 2.0 field the editors offer. */
export function aFullyFilledEpisode(overrides: Partial<Episode> = {}): Episode {
  const base = anEpisode();
  return anEpisode({
    title: 'Pilot: streams & back-pressure',
    description: '<p>We talk about <a href="https://nodejs.org/">Node</a> streams.</p>',
    episodeType: 'full',
    explicit: true,
    seasonNumber: 2,
    episodeNumber: 7,
    guid: `castbase-${base.id}`,
    media: {
      mediaId: '9a8b7c6d-5e4f-4a3b-8c2d-00000000aaaa',
      fileName: 'pilot episode #1.m4a',
      mimeType: 'audio/x-m4a',
      sizeBytes: 98_765_432,
      durationSeconds: 3_725,
      storageKey: 'public/media/owner/pilot.m4a',
      url: 'https://storage.example/pilot.m4a',
    },
    artworkUrl: 'https://cdn.example/episodes/pilot.jpg',
    podcastBlock: true,
    transcripts: [
      {
        id: 't1',
        url: 'https://storage.example/t/pilot.vtt',
        type: 'text/vtt',
        language: 'en',
        rel: 'captions',
      },
      {
        id: 't2',
        url: 'https://storage.example/t/pilot.srt',
        type: 'application/x-subrip',
        language: 'es',
        rel: 'captions',
      },
    ],
    chapters: [{ id: 'c1', startTime: 0, title: 'Intro', toc: true }],
    soundbites: [{ id: 's1', startTime: 73.5, duration: 45, title: 'The best bit' }],
    persons: [
      {
        id: 'p1',
        name: 'Ada Lovelace',
        role: 'Host',
        href: 'https://ada.example',
        img: 'https://cdn.example/ada.jpg',
      },
      { id: 'p2', name: 'Alan Turing', role: 'Guest' },
      { id: 'p3', name: 'Hedy Lamarr', role: 'Editor' },
    ],
    value: {
      type: 'lightning',
      method: 'keysend',
      suggested: 0.00000015,
      recipients: [
        {
          name: 'Ada',
          type: 'node',
          address: '02d5c1bf8b940dc9cadca86d1b0a3c37fbe39cee4c7e839e33bef9174531d27f52',
          split: 90,
          customKey: '696969',
          customValue: 'eChoVKtO1KujpAA5HCoB',
        },
        {
          name: 'Podcastindex.org',
          type: 'node',
          address: '03ae9f91a0cb8ff43840e3c322c4c61f019d8c1c3cea15a25cfc425ac605e61a4a',
          split: 10,
          fee: true,
        },
      ],
    },
    location: { name: 'Bletchley Park', geo: '51.9977,-0.7407', osm: 'W5013364' },
    funding: [{ url: 'https://ko-fi.example/pilot', title: 'Buy us a coffee' }],
    license: { identifier: 'CC-BY-NC-4.0', url: 'https://creativecommons.org/licenses/by-nc/4.0/' },
    alternateEnclosures: [
      {
        type: 'audio/opus',
        length: 32_400_000,
        bitrate: 32_000,
        lang: 'en',
        title: 'Low bandwidth',
        rel: 'Low',
        sources: ['https://storage.example/pilot.opus', 'https://cdn2.example/pilot.opus'],
      },
    ],
    publishDate: '2025-02-10T10:00:00.000Z',
    updatedAt: '2025-02-11T10:00:00.000Z',
    ...overrides,
  });
}

export function writerOptions(overrides: Partial<FeedWriterOptions> = {}): FeedWriterOptions {
  return {
    publicUrl: PUBLIC_URL,
    variant: { kind: 'main' },
    token: null,
    newFeedUrl: null,
    websubHubs: [],
    podping: false,
    ...overrides,
  };
}

/** Writes a variant to a string, handing the writer the episodes in order, as the feeds service does. */
export function writeFeed(
  channel: FeedChannel,
  options: FeedWriterOptions,
  episodes: readonly Episode[],
): FeedWriteResult & { xml: string; chunks: string[] } {
  const chunks: string[] = [];
  const writer = new FeedWriter(channel, options, (chunk) => chunks.push(chunk));
  for (const episode of episodes) writer.item(episode);
  const result = writer.end();
  return { ...result, xml: chunks.join(''), chunks };
}

export const ALL_SINGLE_DOCUMENT_VARIANTS: FeedVariant[] = [
  { kind: 'main' },
  { kind: 'recent' },
  { kind: 'preview' },
  { kind: 'full' },
  { kind: 'archive', page: 1 },
];
