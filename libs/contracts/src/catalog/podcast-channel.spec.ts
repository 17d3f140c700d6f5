import { describe, expect, it } from '@jest/globals';
import { podcastChannelFieldsSchema } from './podcast-channel.js';
import { podcastGuidForFeedUrl } from './podcast-guid.js';

describe('podcast:guid (podcastindex.org namespace 1.0)', () => {
  it("gives the namespace's own example: 'mp3s.nashownotes.com/pc20rss.xml' → 917393e3-1b1e-5cef-ace4-edaa54e1f810", () => {
    expect(podcastGuidForFeedUrl('mp3s.nashownotes.com/pc20rss.xml')).toBe(
      '917393e3-1b1e-5cef-ace4-edaa54e1f810',
    );
  });

  it('leaves out the scheme and trailing slashes before hashing', () => {
    for (const url of [
      'https://mp3s.nashownotes.com/pc20rss.xml',
      'http://mp3s.nashownotes.com/pc20rss.xml/',
      'HTTPS://mp3s.nashownotes.com/pc20rss.xml//',
    ]) {
      expect(podcastGuidForFeedUrl(url)).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
    }
  });
});

describe('the channel fields', () => {
  it('default to none set, so an older client may leave them out', () => {
    expect(podcastChannelFieldsSchema.parse({})).toEqual({
      feedBlock: false,
      feedComplete: false,
      license: null,
      location: null,
      updateFrequency: null,
      podroll: [],
      txt: [],
    });
  });
});
