import { describe, expect, it } from '@jest/globals';
import { XMLParser } from 'fast-xml-parser';
import { aPodcast, anEpisode } from '../testing/feed-fixtures.js';
import { renderPodcastFeed } from './render-podcast-feed.js';

const PUBLIC_URL = 'https://castbase.example';
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => name === 'item',
});

function items(episodes: ReturnType<typeof anEpisode>[]): Array<Record<string, unknown>> {
  const { xml } = renderPodcastFeed({ podcast: aPodcast(), episodes }, { publicUrl: PUBLIC_URL });
  return (parser.parse(xml) as { rss: { channel: { item: Array<Record<string, unknown>> } } }).rss.channel
    .item;
}

describe('renderPodcastFeed: podcast:chapters', () => {
  it('links the JSON chapters file of an episode with chapters, by its absolute URL and type', () => {
    const episode = anEpisode({
      chapters: [{ id: 'c1', startTime: 0, title: 'Intro', toc: true }],
    });
    expect(items([episode])[0]!['podcast:chapters']).toEqual({
      '@url': `${PUBLIC_URL}/api/chapters/${episode.id}.json`,
      '@type': 'application/json+chapters',
    });
  });

  it('links none for an episode without chapters', () => {
    expect(items([anEpisode({ chapters: [] })])[0]).not.toHaveProperty('podcast:chapters');
  });
});
