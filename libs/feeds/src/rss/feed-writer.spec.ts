import { describe, expect, it } from '@jest/globals';
import { isCategoryValue, validateGeneratedFeed, type FeedVariant } from '@castbase/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseFeed } from 'podcast-partytime';
import Parser from 'rss-parser';
import { anEpisode, PODCAST_ID } from '../testing/feed-fixtures.js';
import { FeedWriter } from './feed-writer.js';
import { generatedFeedFacts } from './generated-feed-facts.js';
import {
  aFullyFilledEpisode,
  aFullyFilledPodcast,
  ALL_SINGLE_DOCUMENT_VARIANTS,
  PUBLIC_URL,
  writeFeed,
  writerOptions,
} from './feed-writer.fixtures.js';

type Node = Record<string, unknown>;

/** rss-parser reading the namespace tags podcast-partytime does not (an element with attributes is `{ $, _ }`). */
const FEED_FIELDS = [
  ['podcast:updateFrequency', 'updateFrequency'],
  ['podcast:image', 'podcastImage'],
  ['podcast:podping', 'podping'],
  ['podcast:block', 'podcastBlock'],
  ['itunes:block', 'itunesBlock'],
  ['itunes:complete', 'itunesComplete'],
  ['itunes:type', 'itunesType'],
  ['podcast:guid', 'podcastGuid'],
  ['atom:link', 'atomLinks', { keepArray: true }],
];
const rssParser = new Parser<Node, Node>({
  customFields: {
    // rss-parser renames and keeps arrays of feed fields too, though its types allow only plain names there.
    feed: FEED_FIELDS as unknown as string[],
    item: [
      ['podcast:funding', 'funding', { keepArray: true }],
      ['itunes:block', 'itunesBlock'],
      ['podcast:season', 'podcastSeason'],
      ['podcast:episode', 'podcastEpisode'],
      ['podcast:person', 'persons', { keepArray: true }],
    ],
  },
});

const strictXml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['item', 'atom:link', 'podcast:person'].includes(name),
});

function expectWellFormed(xml: string): void {
  expect(XMLValidator.validate(xml)).toBe(true);
}

const fullChannel = () => ({
  podcast: aFullyFilledPodcast(),
  trailers: [
    anEpisode({
      title: 'Season 2 trailer',
      episodeType: 'trailer',
      seasonNumber: 2,
      publishDate: '2025-01-05T12:00:00.000Z',
    }),
  ],
  feedEpisodeCount: 1,
});

const fullOptions = writerOptions({
  websubHubs: ['https://pubsubhubbub.appspot.com/', 'https://hub.example/websub'],
  podping: true,
  newFeedUrl: 'https://castbase.example/feeds/ada/new-name.xml',
});

describe('FeedWriter: a fully filled podcast read back by independent parsers', () => {
  const episode = aFullyFilledEpisode();
  const channel = fullChannel();
  const { xml } = writeFeed(channel, fullOptions, [episode]);

  it('is well-formed RSS 2.0', () => {
    expectWellFormed(xml);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"')).toBe(true);
  });

  it('podcast-partytime finds every channel value the creator entered', () => {
    const feed = parseFeed(xml);
    expect(feed).not.toBeNull();
    expect(feed).toMatchObject({
      title: 'Signal & Noise',
      description: '<p>Conversations about <b>building software</b>, every Monday.</p>',
      link: 'https://signal.example/',
      language: 'en-gb',
      copyright: '© 2025 Signal & Noise, Ada Lovelace. All rights reserved.',
      generator: 'Castbase',
      ttl: 60,
      explicit: true,
      itunesType: 'serial',
      itunesComplete: true,
      itunesBlock: false,
      itunesImage: 'https://cdn.example/art/3000.jpg',
      itunesNewFeedUrl: 'https://castbase.example/feeds/ada/new-name.xml',
      author: 'Ada Lovelace',
      owner: { name: 'Ada Lovelace', email: 'ada@signal.example' },
      image: {
        url: 'https://cdn.example/art/3000.jpg',
        title: 'Signal & Noise',
        link: 'https://signal.example/',
      },
      pubsub: { self: `${PUBLIC_URL}/feeds/ada/signal-and-noise.xml` },
      guid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
      locked: true,
      podcastOwner: 'ada@signal.example',
      medium: 'podcast',
      podcastFunding: [
        { message: 'Support the show', url: 'https://ko-fi.example/signal' },
        { message: 'Patreon', url: 'https://patreon.example/signal?tier=1&ref=rss' },
      ],
      podcastPeople: [
        { name: 'Ada Lovelace', role: 'Host', group: 'Cast' },
        { name: 'Charles Babbage', role: 'Host', group: 'Cast' },
        {
          name: 'Grace Hopper',
          role: 'Producer',
          group: 'Creative Direction',
          img: 'https://cdn.example/grace.jpg',
          href: 'https://grace.example',
        },
      ],
      podcastLocation: { name: 'Austin, TX', geo: 'geo:30.2672,-97.7431', osm: 'R113314' },
      license: { identifier: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
      value: {
        type: 'lightning',
        method: 'lnaddress',
        suggested: 0.00000005,
        recipients: [{ name: 'Ada Lovelace', type: 'lnaddress', address: 'ada@getalby.example', split: 100 }],
      },
      podcastTxt: [{ purpose: 'verify', value: 'S6lpp-7ZCn8-dZfGc-OoyaG' }, { value: 'ai-training: no' }],
      podroll: [
        {
          feedGuid: 'a94f5cc9-8c58-55fc-91fe-a324087a655b',
          feedUrl: 'https://other.example/feed.xml',
          medium: 'podcast',
        },
        { feedGuid: '6f5b8e3e-7c1d-5a2b-9e4f-0c1d2e3f4a5b', medium: 'podcast' },
      ],
    });
    const trailer = channel.trailers[0]!;
    expect(feed?.trailers).toEqual([
      {
        title: 'Season 2 trailer',
        url: `${PUBLIC_URL}/e/${PODCAST_ID}/${trailer.id}/episode.mp3`,
        pubdate: new Date('2025-01-05T12:00:00.000Z'),
        length: trailer.media!.sizeBytes,
        type: 'audio/mpeg',
        season: 2,
      },
    ]);
  });

  it('rss-parser finds the RSS 2.0 and iTunes channel values, and the namespace tags partytime does not read', async () => {
    const feed = await rssParser.parseString(xml);
    expect(feed).toMatchObject({
      title: 'Signal & Noise',
      link: 'https://signal.example/',
      language: 'en-gb',
      ttl: '60',
      lastBuildDate: 'Sat, 01 Mar 2025 08:00:00 GMT',
      feedUrl: `${PUBLIC_URL}/feeds/ada/signal-and-noise.xml`,
      itunes: {
        author: 'Ada Lovelace',
        explicit: 'true',
        image: 'https://cdn.example/art/3000.jpg',
        owner: { name: 'Ada Lovelace', email: 'ada@signal.example' },
        categoriesWithSubs: [{ name: 'News', subs: [{ name: 'Tech News' }] }],
      },
      itunesType: 'serial',
      itunesComplete: 'Yes',
      podcastGuid: '917393e3-1b1e-5cef-ace4-edaa54e1f810',
      updateFrequency: 'Every Monday',
      podcastImage: { $: { href: 'https://cdn.example/art/3000.jpg', purpose: 'artwork' } },
      podping: { $: { usesPodping: 'true' } },
    });
    const links = (feed['atomLinks'] as Array<{ $: Node }>).map((link) => link.$);
    expect(links).toEqual([
      { href: `${PUBLIC_URL}/feeds/ada/signal-and-noise.xml`, rel: 'self', type: 'application/rss+xml' },
      { href: 'https://pubsubhubbub.appspot.com/', rel: 'hub' },
      { href: 'https://hub.example/websub', rel: 'hub' },
    ]);
    expect(feed).not.toHaveProperty('podcastBlock');
    // rss-parser keeps only the text of an element that has both; the rule is an attribute.
    const strict = (strictXml.parse(xml) as { rss: { channel: Node } }).rss.channel;
    expect(strict['podcast:updateFrequency']).toEqual({
      '@rrule': 'FREQ=WEEKLY;BYDAY=MO',
      '#text': 'Every Monday',
    });
  });

  it('podcast-partytime finds every item value the creator entered', () => {
    const item = parseFeed(xml)?.items[0];
    expect(item).toMatchObject({
      title: 'Pilot: streams & back-pressure',
      description: '<p>We talk about <a href="https://nodejs.org/">Node</a> streams.</p>',
      content: '<p>We talk about <a href="https://nodejs.org/">Node</a> streams.</p>',
      link: `${PUBLIC_URL}/episode/${episode.id}`,
      guid: episode.guid,
      pubDate: new Date('2025-02-10T10:00:00.000Z'),
      enclosure: {
        url: `${PUBLIC_URL}/e/${PODCAST_ID}/${episode.id}/pilot%20episode%20%231.m4a`,
        length: 98_765_432,
        type: 'audio/x-m4a',
      },
      duration: 3725,
      explicit: true,
      itunesEpisode: 7,
      itunesSeason: 2,
      itunesEpisodeType: 'full',
      itunesImage: 'https://cdn.example/episodes/pilot.jpg',
      podcastSeason: { number: 2 },
      podcastEpisode: { number: 7 },
      podcastTranscripts: [
        { url: 'https://storage.example/t/pilot.vtt', type: 'text/vtt', language: 'en', rel: 'captions' },
        // partytime reports SRT as application/srt whichever of the namespace's names the feed uses.
        { url: 'https://storage.example/t/pilot.srt', language: 'es', rel: 'captions' },
      ],
      podcastChapters: {
        url: `${PUBLIC_URL}/api/chapters/${episode.id}.json`,
        type: 'application/json+chapters',
      },
      podcastSoundbites: [{ startTime: 73.5, duration: 45, title: 'The best bit' }],
      podcastPeople: [
        {
          name: 'Ada Lovelace',
          role: 'Host',
          group: 'Cast',
          img: 'https://cdn.example/ada.jpg',
          href: 'https://ada.example',
        },
        { name: 'Alan Turing', role: 'Guest', group: 'Cast' },
        { name: 'Hedy Lamarr', role: 'Audio Editor', group: 'Audio Post-Production' },
      ],
      podcastLocation: { name: 'Bletchley Park', geo: 'geo:51.9977,-0.7407', osm: 'W5013364' },
      license: { identifier: 'CC-BY-NC-4.0', url: 'https://creativecommons.org/licenses/by-nc/4.0/' },
      alternativeEnclosures: [
        {
          type: 'audio/opus',
          length: 32_400_000,
          bitrate: 32_000,
          lang: 'en',
          title: 'Low bandwidth',
          rel: 'Low',
          source: [{ uri: 'https://storage.example/pilot.opus' }, { uri: 'https://cdn2.example/pilot.opus' }],
        },
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
            fee: false,
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
    });
  });

  it('rss-parser finds the item values, with the funding link and itunes:block partytime does not read', async () => {
    const item = (await rssParser.parseString(xml)).items[0];
    expect(item).toMatchObject({
      title: 'Pilot: streams & back-pressure',
      link: `${PUBLIC_URL}/episode/${episode.id}`,
      guid: episode.guid,
      pubDate: 'Mon, 10 Feb 2025 10:00:00 GMT',
      'content:encoded': '<p>We talk about <a href="https://nodejs.org/">Node</a> streams.</p>',
      enclosure: {
        url: `${PUBLIC_URL}/e/${PODCAST_ID}/${episode.id}/pilot%20episode%20%231.m4a`,
        length: '98765432',
        type: 'audio/x-m4a',
      },
      itunes: { explicit: 'true', duration: '3725', episode: '7', season: '2', episodeType: 'full' },
      itunesBlock: 'Yes',
      podcastSeason: '2',
      podcastEpisode: '7',
      funding: [{ $: { url: 'https://ko-fi.example/pilot' }, _: 'Buy us a coffee' }],
    });
  });
});

describe('FeedWriter: variants', () => {
  const episodes = Array.from({ length: 3 }, (_, index) =>
    aFullyFilledEpisode({
      title: `Episode ${3 - index}`,
      publishDate: new Date(Date.UTC(2025, 1, 10 - index)).toISOString(),
    }),
  );

  it.each(ALL_SINGLE_DOCUMENT_VARIANTS.map((variant) => [variant.kind, variant] as const))(
    'the %s variant parses with both parsers, names itself, and holds the items it is given',
    async (_kind, variant: FeedVariant) => {
      const channel = { ...fullChannel(), feedEpisodeCount: 350 };
      const { xml, itemCount } = writeFeed(channel, writerOptions({ variant }), episodes);
      expectWellFormed(xml);
      const suffix =
        variant.kind === 'main' ? '' : variant.kind === 'archive' ? '-archive-1' : `-${variant.kind}`;

      const partytime = parseFeed(xml);
      expect(partytime?.title).toBe('Signal & Noise');
      expect(partytime?.pubsub?.self).toBe(`${PUBLIC_URL}/feeds/ada/signal-and-noise${suffix}.xml`);
      expect(partytime?.items.map((item) => item.title)).toEqual(['Episode 3', 'Episode 2', 'Episode 1']);
      expect(partytime?.guid).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');

      const parsed = await rssParser.parseString(xml);
      expect(parsed.feedUrl).toBe(`${PUBLIC_URL}/feeds/ada/signal-and-noise${suffix}.xml`);
      expect(parsed.items.map((item) => item.guid)).toEqual(episodes.map((episode) => episode.guid));
      expect(itemCount).toBe(3);
    },
  );

  it('opens the full feed with a comment above 300 items, and no other variant', () => {
    const channel = { ...fullChannel(), feedEpisodeCount: 301 };
    const full = writeFeed(channel, writerOptions({ variant: { kind: 'full' } }), []).xml;
    expect(full).toMatch(
      /^<\?xml[^>]*\?><!-- This feed lists all 301 episodes of the podcast in one document\./,
    );
    expectWellFormed(full);
    for (const variant of ALL_SINGLE_DOCUMENT_VARIANTS.filter((v) => v.kind !== 'full')) {
      expect(writeFeed(channel, writerOptions({ variant }), []).xml).not.toContain('<!--');
    }
    const small = writeFeed(
      { ...channel, feedEpisodeCount: 300 },
      writerOptions({ variant: { kind: 'full' } }),
      [],
    );
    expect(small.xml).not.toContain('<!--');
  });
});

describe('FeedWriter: Apple Podcasts requirements', () => {
  const { xml } = writeFeed(fullChannel(), fullOptions, [aFullyFilledEpisode()]);
  const channel = (strictXml.parse(xml) as { rss: { channel: Node } }).rss.channel;
  const item = (channel['item'] as Node[])[0]!;

  it('has every channel tag Apple requires, with a value Apple accepts', () => {
    expect(channel['title']).toBe('Signal & Noise');
    expect(String(channel['description']).length).toBeGreaterThan(0);
    expect(channel['language']).toMatch(/^[a-z]{2}(-[a-z]{2})?$/);
    const image = channel['itunes:image'] as Node;
    expect(String(image['@href'])).toMatch(/^https:\/\/.+\.(jpg|png)$/);
    const category = channel['itunes:category'] as Node;
    const sub = category['itunes:category'] as Node;
    expect(isCategoryValue(`${String(category['@text'])}:${String(sub['@text'])}`)).toBe(true);
    expect(['true', 'false']).toContain(channel['itunes:explicit']);
    expect(channel['itunes:author']).toBe('Ada Lovelace');
    expect(channel['link']).toMatch(/^https:\/\//);
    expect(channel['itunes:type']).toMatch(/^(episodic|serial)$/);
  });

  it('has every item tag Apple requires, with the real file size and type', () => {
    expect(item['title']).toBe('Pilot: streams & back-pressure');
    const enclosure = item['enclosure'] as Node;
    expect(Number(enclosure['@length'])).toBe(98_765_432);
    expect(enclosure['@type']).toBe('audio/x-m4a');
    expect(String(enclosure['@url'])).toMatch(/^https:\/\//);
    expect(item['guid']).toMatchObject({ '@isPermaLink': 'false' });
    expect(new Date(String(item['pubDate'])).toISOString()).toBe('2025-02-10T10:00:00.000Z');
    expect(item['pubDate']).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(item['itunes:duration']).toMatch(/^\d+$/);
    expect(['true', 'false']).toContain(item['itunes:explicit']);
    expect(['full', 'trailer', 'bonus']).toContain(item['itunes:episodeType']);
  });
});

describe('FeedWriter: text XML cannot carry, and text that looks like markup', () => {
  const hostile = `Tom & Jerry's <"Best"> ]]> \u0007bell\u0000 \uD800lone\uFFFE ☕😀 שלום مرحبا \u202Eevil\ttab`;
  const readBack = `Tom & Jerry's <"Best"> ]]> bell lone ☕😀 שלום مرحبا \u202Eevil\ttab`;
  const podcast = aFullyFilledPodcast({
    name: hostile,
    description: `<p>${hostile}</p>`,
    author: hostile,
    copyright: hostile,
    coHosts: [hostile],
    fundingLinks: [{ label: hostile, url: 'https://ko-fi.example/a?b=1&c="2"' }],
    txt: [{ purpose: hostile, value: hostile }],
    location: { name: hostile },
    updateFrequency: { text: hostile, complete: true },
  });
  const episode = aFullyFilledEpisode({
    title: hostile,
    description: `<p>${hostile}</p>`,
    guid: `guid ${hostile}`,
    soundbites: [{ id: 's', startTime: 1, duration: 10, title: hostile }],
    persons: [{ id: 'p', name: hostile, role: 'Guest' }],
  });
  const { xml } = writeFeed({ podcast, trailers: [], feedEpisodeCount: 1 }, writerOptions(), [episode]);

  it('stays well-formed, for a strict parser too', () => {
    expectWellFormed(xml);
    expect(parseFeed(xml)).not.toBeNull();
  });

  it('reads back as the creator wrote it, less only the characters XML cannot carry', async () => {
    const feed = parseFeed(xml)!;
    expect(feed.title).toBe(readBack);
    expect(feed.description).toBe(`<p>${readBack}</p>`);
    expect(feed.author).toBe(readBack);
    expect(feed.copyright).toBe(readBack);
    expect(feed.podcastFunding?.[0]).toEqual({ message: readBack, url: 'https://ko-fi.example/a?b=1&c="2"' });
    expect(feed.podcastTxt?.[0]).toEqual({ purpose: readBack, value: readBack });
    expect(feed.podcastLocation?.name).toBe(readBack);
    const item = feed.items[0]!;
    expect(item.title).toBe(readBack);
    expect(item.description).toBe(`<p>${readBack}</p>`);
    expect(item.guid).toBe(`guid ${readBack}`);
    expect(item.podcastSoundbites?.[0]?.title).toBe(readBack);
    expect(item.podcastPeople?.[0]?.name).toBe(readBack);
    const parsed = await rssParser.parseString(xml);
    expect(parsed.title).toBe(readBack);
    expect(parsed.items[0]?.title).toBe(readBack);
    expect(parsed.items[0]?.['content:encoded']).toBe(`<p>${readBack}</p>`);
  });

  it('keeps HTML show notes in CDATA, splitting a section around "]]>"', () => {
    expect(xml).toContain('<content:encoded><![CDATA[<p>Tom & Jerry\'s <"Best"> ]]]]><![CDATA[> bell');
  });

  it('writes an entity the creator typed literally ("AT&amp;T") so that it reads back as typed', async () => {
    const typed = 'AT&amp;T &lt;3 &#169;';
    const out = writeFeed(
      { podcast: aFullyFilledPodcast({ name: typed, author: typed }), trailers: [], feedEpisodeCount: 1 },
      writerOptions(),
      [aFullyFilledEpisode({ title: typed })],
    );
    expectWellFormed(out.xml);
    // podcast-partytime decodes entities twice, so this one reads it with rss-parser and fast-xml-parser.
    const parsed = await rssParser.parseString(out.xml);
    expect(parsed.title).toBe(typed);
    expect(parsed.items[0]?.title).toBe(typed);
    const channel = (strictXml.parse(out.xml) as { rss: { channel: Node } }).rss.channel;
    expect(channel['itunes:author']).toBe(typed);
  });

  it('cuts a channel description above 4000 bytes between characters', () => {
    const long = `${'a'.repeat(3998)}😀 and more`;
    const out = writeFeed(
      { podcast: aFullyFilledPodcast({ description: long }), trailers: [], feedEpisodeCount: 0 },
      writerOptions(),
      [],
    );
    expect(parseFeed(out.xml)?.description).toBe('a'.repeat(3998));
    const fits = `${'a'.repeat(3996)}😀 and more`;
    const kept = writeFeed(
      { podcast: aFullyFilledPodcast({ description: fits }), trailers: [], feedEpisodeCount: 0 },
      writerOptions(),
      [],
    );
    expect(parseFeed(kept.xml)?.description).toBe(`${'a'.repeat(3996)}😀`);
  });
});

describe('FeedWriter: private podcasts', () => {
  it('puts the token on every feed and enclosure URL: self, paging links, enclosures and trailers', () => {
    const token = 'Abc123+/=&xyzQ1';
    const channel = { ...fullChannel(), feedEpisodeCount: 1200 };
    const { xml } = writeFeed(channel, writerOptions({ variant: { kind: 'archive', page: 2 }, token }), [
      aFullyFilledEpisode(),
      aFullyFilledEpisode(),
    ]);
    expectWellFormed(xml);
    const document = strictXml.parse(xml) as { rss: { channel: Node } };
    const urls: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') {
        if (value.startsWith(`${PUBLIC_URL}/feeds/`) || value.startsWith(`${PUBLIC_URL}/e/`))
          urls.push(value);
      } else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(document);
    // self, first, previous, next, last; two enclosures; one trailer.
    expect(urls).toHaveLength(8);
    for (const url of urls) expect(new URL(url).searchParams.get('token')).toBe(token);
  });

  it('puts no token on a public podcast', () => {
    const { xml } = writeFeed(fullChannel(), writerOptions(), [aFullyFilledEpisode()]);
    expect(xml).not.toContain('token=');
  });
});

describe('FeedWriter: archive paging (RFC 5005)', () => {
  const TOTAL = 1200;
  const episodes = Array.from({ length: TOTAL }, (_, index) =>
    anEpisode({
      title: `E${TOTAL - index}`,
      publishDate: new Date(Date.UTC(2025, 0, 1) - index * 3_600_000).toISOString(),
    }),
  );
  const channel = { podcast: aFullyFilledPodcast(), trailers: [], feedEpisodeCount: TOTAL };
  const feeds = new Map<string, string>();
  const urlOf = (suffix: string) => `${PUBLIC_URL}/feeds/ada/signal-and-noise${suffix}.xml`;
  const ranges: Array<[string, FeedVariant, number, number]> = [['', { kind: 'main' }, 0, 300]];
  for (let page = 1; page <= 9; page++) {
    ranges.push([`-archive-${page}`, { kind: 'archive', page }, 300 + (page - 1) * 100, 300 + page * 100]);
  }
  for (const [suffix, variant, start, end] of ranges) {
    feeds.set(urlOf(suffix), writeFeed(channel, writerOptions({ variant }), episodes.slice(start, end)).xml);
  }

  it('reaches every episode exactly once, newest first, following rel="next" from the main feed', async () => {
    const seen: string[] = [];
    const visited: string[] = [];
    let url: string | undefined = urlOf('');
    while (url) {
      visited.push(url);
      const xml = feeds.get(url);
      expect(xml).toBeDefined();
      const parsed = await rssParser.parseString(xml!);
      seen.push(...parsed.items.map((item) => String(item.guid)));
      url = parsed.paginationLinks?.next;
      expect(visited.length).toBeLessThanOrEqual(10);
    }
    expect(visited).toHaveLength(10);
    expect(seen).toEqual(episodes.map((episode) => episode.guid));
    expect(new Set(seen).size).toBe(TOTAL);
  });

  it('links first, previous and last consistently on every page', async () => {
    for (const [index, [suffix]] of ranges.entries()) {
      const links = (await rssParser.parseString(feeds.get(urlOf(suffix))!)).paginationLinks;
      expect(links?.self).toBe(urlOf(suffix));
      expect(links?.first).toBe(urlOf(''));
      expect(links?.last).toBe(urlOf('-archive-9'));
      // RFC 5005 names it "previous"; rss-parser reads only its synonym "prev", so this one is read strictly.
      const atomLinks = (strictXml.parse(feeds.get(urlOf(suffix))!) as { rss: { channel: Node } }).rss
        .channel['atom:link'] as Node[];
      const previous = atomLinks.filter((link) => link['@rel'] === 'previous').map((link) => link['@href']);
      expect(previous).toEqual(index === 0 ? [] : [urlOf(ranges[index - 1]![0])]);
      expect(links?.next).toBe(index === ranges.length - 1 ? undefined : urlOf(ranges[index + 1]![0]));
    }
  });

  it('gives the recent, preview and full feeds, and a main feed holding every episode, no paging links', () => {
    for (const variant of [{ kind: 'recent' }, { kind: 'preview' }, { kind: 'full' }] as FeedVariant[]) {
      const xml = writeFeed(channel, writerOptions({ variant }), []).xml;
      expect(xml).not.toMatch(/rel="(first|next|previous|last)"/);
    }
    const small = writeFeed({ ...channel, feedEpisodeCount: 300 }, writerOptions(), []).xml;
    expect(small).not.toMatch(/rel="(first|next|previous|last)"/);
  });
});

describe('FeedWriter: output', () => {
  it('gives byte-identical output for identical input, and lastBuildDate from the newest change', () => {
    const episodes = [aFullyFilledEpisode({ updatedAt: '2025-04-01T00:00:00.000Z' }), aFullyFilledEpisode()];
    const channel = fullChannel();
    const first = writeFeed(channel, fullOptions, episodes);
    const second = writeFeed({ ...channel, podcast: { ...channel.podcast } }, fullOptions, episodes);
    expect(second.xml).toBe(first.xml);
    expect(first.lastBuildDate.toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect(first.xml).toContain(
      '<lastBuildDate>Tue, 01 Apr 2025 00:00:00 GMT</lastBuildDate></channel></rss>',
    );
  });

  it("takes lastBuildDate from the podcast's change when it is the newest", () => {
    const podcast = aFullyFilledPodcast({ updatedAt: '2026-01-01T00:00:00.000Z' });
    const result = writeFeed({ podcast, trailers: [], feedEpisodeCount: 1 }, writerOptions(), [
      aFullyFilledEpisode(),
    ]);
    expect(result.lastBuildDate.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('hands the sink chunks of about 64 KiB and reports the bytes and items written', () => {
    const episodes = Array.from({ length: 400 }, () => aFullyFilledEpisode());
    const result = writeFeed(
      { ...fullChannel(), feedEpisodeCount: 400 },
      writerOptions({ variant: { kind: 'full' } }),
      episodes,
    );
    expect(result.chunks.length).toBeGreaterThan(5);
    for (const chunk of result.chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(64 * 1024);
      expect(chunk.length).toBeLessThan(80 * 1024);
    }
    expect(result.byteSize).toBe(Buffer.byteLength(result.xml));
    expect(result.itemCount).toBe(400);
    expect(result.itemsWithoutEnclosure).toBe(0);
    expectWellFormed(result.xml);
  });

  it('writes an episode without media with no enclosure at all (never audio/mpeg of length 0), and counts it', () => {
    const result = writeFeed(fullChannel(), writerOptions(), [anEpisode({ media: null }), anEpisode()]);
    const items = (strictXml.parse(result.xml) as { rss: { channel: { item: Node[] } } }).rss.channel.item;
    expect(items[0]).not.toHaveProperty('enclosure');
    expect(items[1]).toHaveProperty('enclosure');
    expect(result.itemsWithoutEnclosure).toBe(1);
  });

  it('blocks the show from directories with itunes:block and podcast:block', () => {
    const podcast = aFullyFilledPodcast({ feedBlock: true });
    const { xml } = writeFeed({ podcast, trailers: [], feedEpisodeCount: 0 }, writerOptions(), []);
    const feed = parseFeed(xml);
    expect(feed?.itunesBlock).toBe(true);
    expect(feed?.podcastBlocked).toBe('yes');
  });

  it('marks an unlocked podcast podcast:locked no, and leaves out the value block when Value4Value is off', () => {
    const podcast = aFullyFilledPodcast({ podcastLocked: false, valueEnabled: false });
    const feed = parseFeed(
      writeFeed({ podcast, trailers: [], feedEpisodeCount: 0 }, writerOptions(), []).xml,
    );
    expect(feed?.locked).toBe(false);
    expect(feed?.value).toBeUndefined();
  });

  it('throws when used after end()', () => {
    const writer = new FeedWriter(fullChannel(), writerOptions(), () => undefined);
    writer.end();
    expect(() => writer.item(anEpisode())).toThrow('after end()');
    expect(() => writer.end()).toThrow('twice');
  });
});

describe('FeedWriter: any text at all', () => {
  /** Pieces a creator or an import could paste: markup, entities, controls, surrogates, line breaks, bidi text. */
  const PIECES = [
    'a',
    'Z',
    ' ',
    '  ',
    '&',
    '<',
    '>',
    '"',
    "'",
    ']]>',
    ']]',
    ']',
    '&amp;',
    '&lt;',
    '&#169;',
    '&#x1F600;',
    '<!--',
    '-->',
    '?>',
    '<![CDATA[',
    '\u0000',
    '\u0007',
    '\u000B',
    '\u000C',
    '\u001F',
    '\t',
    '\n',
    '\r',
    '\r\n',
    '\uD800',
    '\uDBFF',
    '\uDC00',
    '\uDFFF',
    '\uD83D\uDE00',
    '\uFFFE',
    '\uFFFF',
    '\uFFFD',
    '\u0085',
    '\u2028',
    '\u202E',
    '\u200F',
    'שלום',
    'مرحبا',
    '☕',
    '日本語',
  ];

  /** mulberry32: the same strings every run. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** What XML 1.0 can carry of a string, by the Char production's code point ranges, line breaks as '\n'. */
  function carried(text: string): string {
    let kept = '';
    for (const character of text) {
      const point = character.codePointAt(0)!;
      const allowed =
        point === 0x9 ||
        point === 0xa ||
        point === 0xd ||
        (point >= 0x20 && point <= 0xd7ff) ||
        (point >= 0xe000 && point <= 0xfffd) ||
        (point >= 0x10000 && point <= 0x10ffff);
      if (allowed) kept += character;
    }
    return kept.replace(/\r\n?/g, '\n');
  }

  it('always writes a well-formed feed that reads back as the text less what XML cannot carry (300 random texts)', async () => {
    const next = random(20251125);
    const text = () =>
      Array.from({ length: Math.floor(next() * 14) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(
        '',
      );
    for (let round = 0; round < 30; round++) {
      const texts = Array.from({ length: 10 }, text);
      const podcast = aFullyFilledPodcast({
        name: `N${texts[0]}`,
        author: `A${texts[1]}`,
        fundingLinks: [{ label: texts[2]!, url: `https://f.example/?q=${texts[2]}` }],
      });
      const episode = aFullyFilledEpisode({
        title: `T${texts[3]}`,
        description: `<p>${texts[4]}</p>`,
        guid: `g${texts[5]}`,
        persons: [{ id: 'p', name: `P${texts[6]}`, role: 'Guest', href: `https://p.example/${texts[7]}` }],
        soundbites: [{ id: 's', startTime: 1, duration: 2, title: `S${texts[8]}` }],
        funding: [{ url: 'https://f.example', title: `F${texts[9]}` }],
      });
      const { xml } = writeFeed({ podcast, trailers: [], feedEpisodeCount: 1 }, writerOptions(), [episode]);
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(parseFeed(xml)).not.toBeNull();

      const parsed = await rssParser.parseString(xml);
      expect(parsed.title).toBe(carried(`N${texts[0]}`));
      expect((parsed['itunes'] as Node)['author']).toBe(carried(`A${texts[1]}`));
      const item = parsed.items[0]!;
      expect(item.title).toBe(carried(`T${texts[3]}`));
      expect(item['content:encoded']).toBe(carried(`<p>${texts[4]}</p>`));
      expect(item.guid).toBe(carried(`g${texts[5]}`));
      const person = (item['persons'] as Array<{ $: Node; _: string }>)[0]!;
      expect(person._).toBe(carried(`P${texts[6]}`));
      expect(person.$['href']).toBe(carried(`https://p.example/${texts[7]}`));
      expect((item['funding'] as Array<{ _: string }>)[0]!._).toBe(carried(`F${texts[9]}`));
    }
  });
});

describe('FeedWriter: the validation report of what it wrote', () => {
  it('finds nothing wrong with a fully filled podcast', () => {
    const channel = fullChannel();
    const result = writeFeed(channel, fullOptions, [aFullyFilledEpisode()]);
    expect(validateGeneratedFeed(generatedFeedFacts(channel, fullOptions, result))).toEqual({
      valid: true,
      score: 100,
      errors: [],
      warnings: [],
    });
  });

  it('reports the missing artwork, the empty description, and the episode without an enclosure', () => {
    const channel = {
      podcast: aFullyFilledPodcast({ artworkUrl: null, description: '' }),
      trailers: [],
      feedEpisodeCount: 2,
    };
    const result = writeFeed(channel, writerOptions(), [anEpisode({ media: null }), anEpisode()]);
    const report = validateGeneratedFeed(generatedFeedFacts(channel, writerOptions(), result));
    expect(report.errors.map((issue) => issue.code)).toEqual([
      'DESCRIPTION_MISSING',
      'IMAGE_MISSING',
      'ENCLOSURES_MISSING',
    ]);
    expect(report.score).toBe(40);
  });
});
