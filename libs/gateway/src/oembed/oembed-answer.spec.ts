import type { CatalogEpisodePage } from '@castbase/contracts';
import { oembedAnswer, squareArtworkSide } from './oembed-answer.js';

const ORIGIN = 'https://pods.example.com';
const ART = '/storage/public/media/ada/u1/variant-1400-0a1b2c3d/variant-1400.jpg';
const OWNER_ID = 'auth0|owner-of-signal-hour';

function page(episode: Partial<CatalogEpisodePage['episode']> = {}): CatalogEpisodePage {
  return {
    ownerId: OWNER_ID,
    podcast: {
      id: '7d1f0a4e-2b3c-4d5e-8f90-1a2b3c4d5e6f',
      name: 'Signal Hour',
      author: 'Ada Lovelace',
      ownerUsername: 'ada',
    } as CatalogEpisodePage['podcast'],
    episode: {
      id: '0b6f3c1e-8d1a-4c3e-9f2a-5b7c9d1e2f30',
      podcastId: '7d1f0a4e-2b3c-4d5e-8f90-1a2b3c4d5e6f',
      title: 'Pilot',
      artworkUrl: ART,
      media: {
        url: '/storage/public/media/ada/u2/published-1/pilot.mp3',
        mimeType: 'audio/mpeg',
        sizeBytes: 10,
      },
      ...episode,
    } as CatalogEpisodePage['episode'],
  };
}

describe('the oEmbed answer of an episode', () => {
  it("is type 'rich' 1.0 with the episode as title, the podcast as author and Castbase as provider", () => {
    expect(oembedAnswer(ORIGIN, page(), {})).toMatchObject({
      type: 'rich',
      version: '1.0',
      title: 'Pilot',
      author_name: 'Ada Lovelace',
      author_url: `${ORIGIN}/podcast/7d1f0a4e-2b3c-4d5e-8f90-1a2b3c4d5e6f`,
      provider_name: 'Castbase',
      provider_url: `${ORIGIN}/`,
      thumbnail_url: `${ORIGIN}${ART}`,
      thumbnail_width: 1400,
      thumbnail_height: 1400,
      width: 600,
      height: 130,
    });
  });

  it('embeds the player 100% wide and 130 px tall with the title, the audio and the artwork', () => {
    const { html } = oembedAnswer(ORIGIN, page(), {});
    const source = new URL(/src="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&'));
    expect(source.origin + source.pathname).toBe(`${ORIGIN}/embed/audio`);
    expect(Object.fromEntries(source.searchParams)).toEqual({
      title: 'Pilot',
      url: `${ORIGIN}/e/7d1f0a4e-2b3c-4d5e-8f90-1a2b3c4d5e6f/0b6f3c1e-8d1a-4c3e-9f2a-5b7c9d1e2f30/pilot.mp3?src=embed`,
      art: `${ORIGIN}${ART}`,
    });
    expect(html).toContain('width="100%" height="130"');
  });

  it('honours maxwidth and maxheight in the frame and in the answer', () => {
    const answer = oembedAnswer(ORIGIN, page(), { maxwidth: 320, maxheight: 100 });
    expect(answer).toMatchObject({ width: 320, height: 100 });
    expect(answer.html).toContain('width="320" height="100"');
    // A maxheight above the player's height leaves it at 130.
    expect(oembedAnswer(ORIGIN, page(), { maxheight: 500 }).height).toBe(130);
  });

  it('has no thumbnail without artwork, or with artwork whose size is unknown', () => {
    expect(oembedAnswer(ORIGIN, page({ artworkUrl: null }), {})).not.toHaveProperty('thumbnail_url');
    const legacy = oembedAnswer(ORIGIN, page({ artworkUrl: 'https://cdn.example.com/cover.jpg' }), {});
    expect(legacy).not.toHaveProperty('thumbnail_url');
    expect(legacy.html).toContain(encodeURIComponent('https://cdn.example.com/cover.jpg'));
  });

  it('names the podcast as author when it has no author', () => {
    const unnamed = page();
    unnamed.podcast.author = ' ';
    expect(oembedAnswer(ORIGIN, unnamed, {}).author_name).toBe('Signal Hour');
  });

  it("never carries the owner's user id the catalog answers the gateway with", () => {
    expect(JSON.stringify(oembedAnswer(ORIGIN, page(), {}))).not.toContain(OWNER_ID);
  });
});

describe('the side of stored square artwork', () => {
  it.each([
    [ART, 1400],
    ['https://cdn.example.com/public/media/x/y/variant-3000-12345678/variant-3000.png', 3000],
    ['https://cdn.example.com/cover.jpg', null],
    ['/storage/variant-abc.jpg', null],
  ])('%s is %p', (url, side) => expect(squareArtworkSide(url)).toBe(side));
});
