import { describe, expect, it } from '@jest/globals';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { aPodcast, anEpisode, PODCAST_ID } from '../testing/feed-fixtures.js';
import { RSS_NAMESPACES, renderPodcastFeed, type FeedSource } from './render-podcast-feed.js';

const PUBLIC_URL = 'https://castbase.example';

type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'item',
});

/** Renders, checks the document is well-formed XML, and parses it back. */
function render(source: FeedSource, options: { itemLimit?: number } = {}) {
  const rendered = renderPodcastFeed(source, { publicUrl: PUBLIC_URL, ...options });
  expect(XMLValidator.validate(rendered.xml)).toBe(true);
  const document = parser.parse(rendered.xml) as {
    rss: XmlNode & { channel: XmlNode & { item?: XmlNode[] } };
  };
  return {
    ...rendered,
    rss: document.rss,
    channel: document.rss.channel,
    items: document.rss.channel.item ?? [],
  };
}

function onlyItem(items: XmlNode[]): XmlNode {
  expect(items).toHaveLength(1);
  return items[0] as XmlNode;
}

describe('renderPodcastFeed', () => {
  it('declares RSS 2.0 with the iTunes, Podcasting 2.0 and Atom namespaces, and every prefix it uses', () => {
    const { rss, xml } = render({
      podcast: aPodcast({ artworkUrl: 'https://cdn.example/art.jpg' }),
      episodes: [anEpisode()],
    });

    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(rss['@version']).toBe('2.0');
    expect(rss['@xmlns:itunes']).toBe(RSS_NAMESPACES.itunes);
    expect(rss['@xmlns:podcast']).toBe(RSS_NAMESPACES.podcast);
    expect(rss['@xmlns:atom']).toBe(RSS_NAMESPACES.atom);
    expect(rss['@xmlns:content']).toBe(RSS_NAMESPACES.content);
    const prefixes = new Set([...xml.matchAll(/<\/?([a-z]+):[A-Za-z]+/g)].map((match) => match[1]));
    expect([...prefixes].sort()).toEqual(['atom', 'content', 'itunes', 'podcast']);
  });

  it('describes the channel from the podcast', () => {
    const podcast = aPodcast({ explicit: true, type: 'serial', category: 'Technology', language: 'en-us' });
    const { channel } = render({ podcast, episodes: [] });

    expect(channel['title']).toBe('Signal & Noise');
    expect(channel['link']).toBe(`${PUBLIC_URL}/podcast/${PODCAST_ID}`);
    expect(channel['description']).toBe('Conversations about building software.');
    expect(channel['language']).toBe('en-us');
    expect(channel['itunes:author']).toBe('Ada Lovelace');
    expect(channel['itunes:category']).toEqual({ '@text': 'Technology' });
    expect(channel['podcast:person']).toEqual({ '#text': 'Ada Lovelace', '@role': 'host', '@group': 'cast' });
    expect(channel['itunes:explicit']).toBe('true');
    expect(channel['itunes:type']).toBe('serial');
    expect(channel['podcast:guid']).toBe(podcast.podcastGuid);
    expect(channel['generator']).toBe('Castbase');
    expect(channel['ttl']).toBe('60');
    expect(channel['atom:link']).toEqual({
      '@href': `${PUBLIC_URL}/feeds/ada/signal-and-noise.xml`,
      '@rel': 'self',
      '@type': 'application/rss+xml',
    });
  });

  it('writes itunes:explicit as "false" for a clean podcast', () => {
    const { channel } = render({ podcast: aPodcast({ explicit: false }), episodes: [] });
    expect(channel['itunes:explicit']).toBe('false');
  });

  it('gives a valid channel with no items for a podcast without episodes', () => {
    const { channel, items, episodeCount } = render({ podcast: aPodcast(), episodes: [] });

    expect(items).toEqual([]);
    expect(episodeCount).toBe(0);
    expect(channel['title']).toBe('Signal & Noise');
    expect(channel['lastBuildDate']).toBe('Thu, 02 Jan 2025 09:00:00 GMT');
  });

  it('leaves out copyright, itunes:owner, artwork and funding when the podcast has none', () => {
    const podcast = aPodcast({ artworkUrl: null, copyright: '', ownerName: '', ownerEmail: '' });
    const { channel } = render({ podcast, episodes: [] });

    expect(channel).not.toHaveProperty('copyright');
    expect(channel).not.toHaveProperty('itunes:owner');
    expect(channel).not.toHaveProperty('itunes:image');
    expect(channel).not.toHaveProperty('image');
    expect(channel).not.toHaveProperty('podcast:funding');
  });

  it("adds the podcast's copyright, itunes:owner and artwork when it has them", () => {
    const podcast = aPodcast({
      artworkUrl: 'https://cdn.example/art.jpg?size=3000&v=2',
      copyright: '© 2025 Signal & Noise, Ada Lovelace. All rights reserved.',
      ownerName: 'Ada Lovelace',
      ownerEmail: 'ada@example.org',
    });
    const { channel } = render({ podcast, episodes: [] });

    expect(channel['copyright']).toBe('© 2025 Signal & Noise, Ada Lovelace. All rights reserved.');
    expect(channel['itunes:owner']).toEqual({
      'itunes:name': 'Ada Lovelace',
      'itunes:email': 'ada@example.org',
    });
    expect(channel['itunes:image']).toEqual({ '@href': 'https://cdn.example/art.jpg?size=3000&v=2' });
    expect(channel['image']).toEqual({
      url: 'https://cdn.example/art.jpg?size=3000&v=2',
      title: 'Signal & Noise',
      link: `${PUBLIC_URL}/podcast/${PODCAST_ID}`,
    });
  });

  it('writes only the part of itunes:owner that is known', () => {
    const nameOnly = render({ podcast: aPodcast({ ownerName: 'Ada', ownerEmail: '' }), episodes: [] });
    const emailOnly = render({
      podcast: aPodcast({ ownerName: '', ownerEmail: 'ada@example.org' }),
      episodes: [],
    });

    expect(nameOnly.channel['itunes:owner']).toEqual({ 'itunes:name': 'Ada' });
    expect(emailOnly.channel['itunes:owner']).toEqual({ 'itunes:email': 'ada@example.org' });
  });

  it("links the channel and its image to the podcast's website when it has one", () => {
    const podcast = aPodcast({
      websiteUrl: 'https://signal.example/?from=rss&x=1',
      artworkUrl: 'https://cdn.example/a.png',
    });
    const { channel } = render({ podcast, episodes: [] });

    expect(channel['link']).toBe('https://signal.example/?from=rss&x=1');
    expect(channel['image']).toMatchObject({ link: 'https://signal.example/?from=rss&x=1' });
  });

  it("nests a 'Parent:Sub' category as Apple asks: the subcategory inside its category", () => {
    const arts = render({ podcast: aPodcast({ category: 'Arts:Books' }), episodes: [] }).channel;
    const kids = render({
      podcast: aPodcast({ category: 'Kids & Family:Stories for Kids' }),
      episodes: [],
    }).channel;

    expect(arts['itunes:category']).toEqual({ '@text': 'Arts', 'itunes:category': { '@text': 'Books' } });
    expect(kids['itunes:category']).toEqual({
      '@text': 'Kids & Family',
      'itunes:category': { '@text': 'Stories for Kids' },
    });
  });

  it('credits the host and each co-host as a Podcasting 2.0 podcast:person with role host', () => {
    const podcast = aPodcast({ author: 'Ada Lovelace', coHosts: ['Charles Babbage', 'Mary & Tom'] });
    const xml = renderPodcastFeed({ podcast, episodes: [] }, { publicUrl: PUBLIC_URL }).xml;
    const personParser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      isArray: (name) => name === 'podcast:person',
    });
    const channel = (personParser.parse(xml) as { rss: { channel: XmlNode } }).rss.channel;

    expect(channel['podcast:person']).toEqual([
      { '#text': 'Ada Lovelace', '@role': 'host', '@group': 'cast' },
      { '#text': 'Charles Babbage', '@role': 'host', '@group': 'cast' },
      { '#text': 'Mary & Tom', '@role': 'host', '@group': 'cast' },
    ]);
    expect(
      render({ podcast: aPodcast({ author: '', coHosts: [] }), episodes: [] }).channel,
    ).not.toHaveProperty('podcast:person');
  });

  it('lists funding links as podcast:funding, labelled, or by their URL when unlabelled', () => {
    const podcast = aPodcast({
      fundingLinks: [
        { label: 'Support us', url: 'https://ko-fi.com/signal?ref=rss&a=1' },
        { label: '', url: 'https://patreon.example/signal' },
      ],
    });
    const { channel } = render({ podcast, episodes: [] });

    expect(channel['podcast:funding']).toEqual([
      { '#text': 'Support us', '@url': 'https://ko-fi.com/signal?ref=rss&a=1' },
      { '#text': 'https://patreon.example/signal', '@url': 'https://patreon.example/signal' },
    ]);
  });

  it('falls back to the podcast name for an empty author or description, and credits no host', () => {
    const { channel } = render({ podcast: aPodcast({ author: '', description: '' }), episodes: [] });
    expect(channel['itunes:author']).toBe('Signal & Noise');
    expect(channel['description']).toBe('Signal & Noise');
    expect(channel).not.toHaveProperty('podcast:person');
  });

  it('describes an episode as an item with a stable guid, an RFC 2822 date and an enclosure through the download counter', () => {
    const episode = anEpisode({
      title: 'Pilot',
      description: '<p>Welcome to the <b>show</b></p>',
      guid: 'castbase-7e0c2b44',
      publishDate: '2025-03-04T05:06:07.000Z',
      episodeType: 'trailer',
      explicit: true,
      seasonNumber: 2,
      episodeNumber: 7,
      media: {
        mediaId: '9a8b7c6d-5e4f-4a3b-8c2d-000000000001',
        fileName: 'pilot episode #1.m4a',
        mimeType: 'audio/x-m4a',
        sizeBytes: 98_765,
        durationSeconds: 3_725,
        storageKey: 'public/media/owner/x/x.m4a',
        url: 'https://storage.example/x.m4a',
      },
    });
    const item = onlyItem(render({ podcast: aPodcast(), episodes: [episode] }).items);

    expect(item['title']).toBe('Pilot');
    expect(item['description']).toBe('<p>Welcome to the <b>show</b></p>');
    expect(item['link']).toBe(`${PUBLIC_URL}/episode/${episode.id}`);
    expect(item['guid']).toEqual({ '#text': 'castbase-7e0c2b44', '@isPermaLink': 'false' });
    expect(item['pubDate']).toBe('Tue, 04 Mar 2025 05:06:07 GMT');
    expect(item['enclosure']).toEqual({
      '@url': `${PUBLIC_URL}/e/${PODCAST_ID}/${episode.id}/pilot%20episode%20%231.m4a`,
      '@length': '98765',
      '@type': 'audio/x-m4a',
    });
    expect(item['itunes:duration']).toBe('3725');
    expect(item['itunes:episodeType']).toBe('trailer');
    expect(item['itunes:explicit']).toBe('true');
    expect(item['itunes:season']).toBe('2');
    expect(item['itunes:episode']).toBe('7');
  });

  it('leaves out season and episode numbers that are not set', () => {
    const item = onlyItem(
      render({ podcast: aPodcast(), episodes: [anEpisode({ seasonNumber: null, episodeNumber: null })] })
        .items,
    );
    expect(item).not.toHaveProperty('itunes:season');
    expect(item).not.toHaveProperty('itunes:episode');
    expect(item['itunes:explicit']).toBe('false');
    expect(item['itunes:episodeType']).toBe('full');
  });

  it('lists only published episodes with media, newest first', () => {
    const older = anEpisode({ title: 'Older', publishDate: '2025-01-10T00:00:00.000Z' });
    const newer = anEpisode({ title: 'Newer', publishDate: '2025-03-10T00:00:00.000Z' });
    const draft = anEpisode({ title: 'Draft', status: 'draft', publishDate: null });
    const scheduled = anEpisode({
      title: 'Scheduled',
      status: 'scheduled',
      publishDate: '2030-01-01T00:00:00.000Z',
    });
    const withoutMedia = anEpisode({ title: 'No media', media: null });

    const { items, episodeCount } = render({
      podcast: aPodcast(),
      episodes: [older, draft, newer, scheduled, withoutMedia],
    });

    expect(items.map((item) => item['title'])).toEqual(['Newer', 'Older']);
    expect(episodeCount).toBe(2);
  });

  it('lists at most 300 episodes in the main feed', () => {
    const episodes = Array.from({ length: 305 }, (_, index) =>
      anEpisode({
        title: `E${index}`,
        publishDate: new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString(),
      }),
    );
    const { items, episodeCount } = render({ podcast: aPodcast(), episodes });

    expect(episodeCount).toBe(300);
    expect(items).toHaveLength(300);
    expect(items[0]?.['title']).toBe('E304');
    expect(items[299]?.['title']).toBe('E5');
  });

  it('keeps special characters intact through escaping', () => {
    const tricky = `Tom & Jerry's <"Best"> Ep. ]]> ☕ 日本語 😀`;
    const podcast = aPodcast({
      name: tricky,
      description: `Desc ${tricky}`,
      author: `A&B <c>`,
      category: 'Kids & Family',
    });
    const episode = anEpisode({ title: tricky, description: `<p>${tricky}</p>`, guid: 'g&<>"\'' });
    const { channel, items } = render({ podcast, episodes: [episode] });
    const item = onlyItem(items);

    expect(channel['title']).toBe(tricky);
    expect(channel['description']).toBe(`Desc ${tricky}`);
    expect(channel['itunes:author']).toBe('A&B <c>');
    expect(channel['itunes:category']).toEqual({ '@text': 'Kids & Family' });
    expect(item['title']).toBe(tricky);
    expect(item['description']).toBe(`<p>${tricky}</p>`);
    expect(item['guid']).toEqual({ '#text': 'g&<>"\'', '@isPermaLink': 'false' });
  });

  it('writes HTML show notes as CDATA', () => {
    const { xml } = render({ podcast: aPodcast(), episodes: [anEpisode({ description: '<p>a & b</p>' })] });
    expect(xml).toContain('<description><![CDATA[<p>a & b</p>]]></description>');
  });

  it('drops characters XML cannot carry instead of producing an unreadable feed', () => {
    const episode = anEpisode({ title: 'Bell\u0007 and\u0000 nul', description: 'vertical\u000Btab' });
    const item = onlyItem(
      render({ podcast: aPodcast({ name: 'Form\u000Cfeed' }), episodes: [episode] }).items,
    );
    expect(item['title']).toBe('Bell and nul');
    expect(item['description']).toBe('verticaltab');
    expect(render({ podcast: aPodcast({ name: 'Form\u000Cfeed' }), episodes: [] }).channel['title']).toBe(
      'Formfeed',
    );
  });

  it('takes lastBuildDate from the newest change, so rendering the same source twice gives the same bytes', () => {
    const source = {
      podcast: aPodcast(),
      episodes: [
        anEpisode({ publishDate: '2025-05-05T05:05:05.000Z', updatedAt: '2025-05-06T00:00:00.000Z' }),
      ],
    };
    const first = render(source);
    const second = render(source);

    expect(first.channel['lastBuildDate']).toBe('Tue, 06 May 2025 00:00:00 GMT');
    expect(second.xml).toBe(first.xml);
  });

  it('leaves out itunes:duration when the duration is unknown', () => {
    const base = anEpisode();
    const episode = anEpisode({ media: base.media && { ...base.media, durationSeconds: 0 } });
    const item = onlyItem(render({ podcast: aPodcast(), episodes: [episode] }).items);
    expect(item).not.toHaveProperty('itunes:duration');
  });
});
