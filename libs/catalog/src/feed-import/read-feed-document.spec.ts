import { afterEach, describe, expect, it } from '@jest/globals';
import { Podcast as PodcastFeed } from 'podcast';
import { DomainError, feedImportMessages, podcastGuidForFeedUrl } from '@castbase/contracts';
import { startServer, type LocalServer } from '@castbase/platform-remote-fetch/testing';
import { feedImportFetcher } from './feed-import-fetcher.js';
import { mapFeed } from './map-feed.js';
import { fetchFeedDocument, parseFeedDocument } from './read-feed-document.js';

const servers: LocalServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(...args: Parameters<typeof startServer>): Promise<LocalServer> {
  const server = await startServer(...args);
  servers.push(server);
  return server;
}

function refusal(work: () => unknown): DomainError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('it was not refused');
}

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** Ten levels of ten entities each: 10^9 'lol's if a parser expanded them. */
const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE rss [
  <!ENTITY lol "lol">
  ${Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ''};`.repeat(10)}">`).join('\n  ')}
]>
<rss version="2.0"><channel><title>&lol9;</title><item><guid>a</guid><title>&lol9;</title></item></channel></rss>`;

function smallFeed(customElements: unknown[] = []): string {
  const feed = new PodcastFeed({
    title: 'Borrowed Time',
    description: 'A show about clocks',
    feedUrl: 'https://old-host.example/feed.xml',
    siteUrl: 'https://old-host.example/',
    language: 'pt-BR',
    itunesCategory: [{ text: 'Leisure', subcats: [{ text: 'Hobbies' }] }],
    itunesAuthor: 'Rita Relógio',
    itunesOwner: { name: 'Rita', email: 'rita@old-host.example' },
    itunesType: 'serial',
    itunesExplicit: true,
    itunesImage: 'https://old-host.example/art.png',
    copyright: '2019 Rita',
    namespaces: { podcast: true },
    customElements,
  });
  feed.addItem({
    title: 'Tick',
    description: 'The first one',
    url: 'https://old-host.example/1',
    guid: 'tick-0001',
    date: new Date('2019-03-04T05:06:07Z'),
    enclosure: { url: 'https://old-host.example/1.mp3', size: 1000, type: 'audio/mpeg' },
    itunesSeason: 1,
    itunesEpisode: 1,
    itunesEpisodeType: 'trailer',
    customElements: [
      {
        'podcast:transcript': {
          _attr: { url: 'https://old-host.example/1.vtt', type: 'text/vtt', language: 'pt' },
        },
      },
      {
        'podcast:chapters': {
          _attr: { url: 'https://old-host.example/1.json', type: 'application/json+chapters' },
        },
      },
      { 'podcast:soundbite': [{ _attr: { startTime: '3', duration: '20' } }, 'The tick'] },
      { 'podcast:person': [{ _attr: { role: 'guest', href: 'https://old-host.example/tock' } }, 'Tock'] },
    ],
  });
  feed.addItem({
    title: 'No file',
    description: 'Text only',
    url: 'https://old-host.example/2',
    guid: 'tick-0002',
    date: new Date('2019-03-11T05:06:07Z'),
  });
  return feed.buildXml();
}

describe('reading an old feed: hostile and broken documents get a clear error', () => {
  it('refuses a billion-laughs document at once with the entities message, expanding nothing', () => {
    const error = refusal(() => parseFeedDocument(BILLION_LAUGHS));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe(feedImportMessages.entities);
  });

  it('refuses an entity declared after comments and an external identifier too', () => {
    const sneaky = `<?xml version="1.0"?><!-- hello --><!DOCTYPE rss SYSTEM "x.dtd" [<!ENTITY e SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&e;</title></channel></rss>`;
    expect(refusal(() => parseFeedDocument(sneaky)).message).toBe(feedImportMessages.entities);
  });

  it('reads a feed with an old external DOCTYPE and no entities (RSS 0.91)', () => {
    const old = `<?xml version="1.0"?><!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd"><rss version="0.91"><channel><title>Old</title><link>https://x.example/</link><description>d</description></channel></rss>`;
    expect(parseFeedDocument(old).title).toBe('Old');
  });

  it.each([
    [
      'a truncated document',
      '<?xml version="1.0"?><rss version="2.0"><channel><title>Half',
      feedImportMessages.notXml,
    ],
    ['text that is not XML', 'Hello, this is a web page', feedImportMessages.notXml],
    ['XML that is not RSS', '<?xml version="1.0"?><html><body>Hi</body></html>', feedImportMessages.notRss],
    [
      'an RSS channel without a title',
      '<rss version="2.0"><channel><description>x</description></channel></rss>',
      feedImportMessages.noTitle,
    ],
  ])('refuses %s with its message', (_, document, message) => {
    const error = refusal(() => parseFeedDocument(document));
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it('says "too large" for a 50 MB document and stops reading it', async () => {
    let sent = 0;
    const chunk = `<item><title>${'x'.repeat(1000)}</title></item>`;
    const server = await serve(
      (_, response) => {
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        response.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>');
        const more = () => {
          while (sent < 50 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once('drain', more);
          }
          response.end('</channel></rss>');
        };
        more();
      },
      { host: '127.0.0.1' },
    );
    const error = await rejection(
      fetchFeedDocument(
        feedImportFetcher({ FEED_FETCH_ALLOW_PRIVATE: true }),
        `http://127.0.0.1:${server.port}/feed.xml`,
      ),
    );
    expect(error).toMatchObject({ code: 'REMOTE_FILE_TOO_LARGE', message: feedImportMessages.tooLarge });
    expect(sent).toBeLessThan(50 * 1024 * 1024);
  });

  it('refuses a loopback URL without FEED_FETCH_ALLOW_PRIVATE (the server never sees it), and reads it with', async () => {
    const server = await serve((_, response) => response.end(smallFeed()), { host: '127.0.0.1' });
    const url = `http://127.0.0.1:${server.port}/feed.xml`;
    const refused = await rejection(
      fetchFeedDocument(feedImportFetcher({ FEED_FETCH_ALLOW_PRIVATE: false }), url),
    );
    expect(refused.code).toBe('REMOTE_URL_NOT_ALLOWED');
    expect(await rejection(fetchFeedDocument(feedImportFetcher(undefined), url))).toMatchObject({
      code: 'REMOTE_URL_NOT_ALLOWED',
    });
    expect(server.hits).toEqual([]);
    const feed = await fetchFeedDocument(feedImportFetcher({ FEED_FETCH_ALLOW_PRIVATE: true }), url);
    expect(feed.title).toBe('Borrowed Time');
    expect(server.hits).toEqual(['/feed.xml']);
  });
});

describe('mapping an old feed made by another generator (the podcast npm package)', () => {
  it('keeps the channel metadata, each guid and date, and the Podcasting 2.0 data in Castbase’s shapes', () => {
    const imported = mapFeed(
      'https://old-host.example/feed.xml',
      parseFeedDocument(
        smallFeed([
          { 'podcast:guid': 'C8B6AB5E-0A7A-5B2B-9C5B-5C6B45A3A0E1' },
          { 'podcast:locked': [{ _attr: { owner: 'rita@old-host.example' } }, 'yes'] },
          { 'podcast:funding': [{ _attr: { url: 'https://old-host.example/give' } }, 'Give'] },
          {
            'podcast:person': [
              { _attr: { role: 'host', img: 'https://old-host.example/rita.jpg' } },
              'Rita Relógio',
            ],
          },
          { 'podcast:medium': 'audiobook' },
          { 'podcast:license': 'CC-BY-4.0' },
          { 'podcast:location': [{ _attr: { geo: 'geo:-23.55,-46.63', osm: 'R298285' } }, 'São Paulo'] },
        ]),
      ),
    );
    expect(imported.podcast).toMatchObject({
      name: 'Borrowed Time',
      description: 'A show about clocks',
      language: 'pt',
      category: 'Leisure:Hobbies',
      author: 'Rita Relógio',
      ownerName: 'Rita',
      ownerEmail: 'rita@old-host.example',
      explicit: true,
      type: 'serial',
      websiteUrl: 'https://old-host.example/',
      copyright: '2019 Rita',
      fundingLinks: [{ label: 'Give', url: 'https://old-host.example/give' }],
      podcastPersons: [{ name: 'Rita Relógio', role: 'Host', img: 'https://old-host.example/rita.jpg' }],
      podcastMedium: 'audiobook',
      podcastGuid: 'c8b6ab5e-0a7a-5b2b-9c5b-5c6b45a3a0e1',
      locked: true,
      lockOwnerEmail: 'rita@old-host.example',
      artworkUrl: 'https://old-host.example/art.png',
      channel: {
        feedBlock: false,
        feedComplete: false,
        license: { identifier: 'CC-BY-4.0' },
        location: { name: 'São Paulo', geo: '-23.55,-46.63', osm: 'R298285' },
      },
    });
    // An item without an audio or video file is not an episode podcast apps can play: podcast-partytime skips it.
    expect(imported.episodes.map((episode) => episode.guid)).toEqual(['tick-0001']);
    const [tick] = imported.episodes;
    expect(tick).toMatchObject({
      guid: 'tick-0001',
      title: 'Tick',
      description: 'The first one',
      publishDate: new Date('2019-03-04T05:06:07Z'),
      episodeType: 'trailer',
      seasonNumber: 1,
      episodeNumber: 1,
      enclosure: { url: 'https://old-host.example/1.mp3', length: 1000, type: 'audio/mpeg' },
      chaptersUrl: 'https://old-host.example/1.json',
      transcripts: [
        { url: 'https://old-host.example/1.vtt', type: 'text/vtt', language: 'pt', rel: 'captions' },
      ],
      soundbites: [{ startTime: 3, duration: 20, title: 'The tick' }],
      persons: [{ name: 'Tock', role: 'Guest', href: 'https://old-host.example/tock', img: null }],
    });
  });

  it('gives a feed without podcast:guid the namespace’s UUIDv5 of its address, which is what apps computed', () => {
    const imported = mapFeed('https://old-host.example/feed.xml', parseFeedDocument(smallFeed()));
    expect(imported.podcast.podcastGuid).toBe(podcastGuidForFeedUrl('https://old-host.example/feed.xml'));
    expect(imported.podcast.locked).toBe(false);
  });
});
