import {
  embedIframeCode,
  embedLinkColorOrNull,
  embedPlayerUrl,
  episodeIdOfPageUrl,
  oembedQuerySchema,
  oembedUrl,
} from './embed.js';

const ORIGIN = 'https://pods.example.com';
const EPISODE_ID = '0b6f3c1e-8d1a-4c3e-9f2a-5b7c9d1e2f30';

describe('the embed player address', () => {
  it('carries the title, the audio and the artwork made absolute against the site', () => {
    const url = new URL(
      embedPlayerUrl(ORIGIN, {
        title: 'Pilot & "friends"',
        url: '/storage/public/media/a/b/pilot.mp3',
        art: 'https://cdn.example.com/art-1400.jpg',
      }),
    );
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/embed/audio`);
    expect(url.searchParams.get('title')).toBe('Pilot & "friends"');
    expect(url.searchParams.get('url')).toBe(`${ORIGIN}/storage/public/media/a/b/pilot.mp3`);
    expect(url.searchParams.get('art')).toBe('https://cdn.example.com/art-1400.jpg');
    expect(url.searchParams.has('color')).toBe(false);
  });

  it("names the title 'Episode' when it is blank and leaves out what the episode does not have", () => {
    const url = new URL(embedPlayerUrl(ORIGIN, { title: '  ', url: null, art: null }));
    expect([...url.searchParams.keys()]).toEqual(['title']);
    expect(url.searchParams.get('title')).toBe('Episode');
  });

  it('passes a hex link colour, with or without its #, and drops anything else', () => {
    expect(
      new URL(embedPlayerUrl(ORIGIN, { title: 'A', url: null, color: 'FF6600' })).searchParams.get('color'),
    ).toBe('#ff6600');
    expect(embedLinkColorOrNull('#abc')).toBe('#abc');
    for (const bad of ['red', '#12345', 'url(javascript:x)', '', null, undefined])
      expect(embedLinkColorOrNull(bad)).toBeNull();
  });
});

describe('the iframe code', () => {
  it('is 100% wide and 130 px tall, lazy, titled, and allows autoplay', () => {
    const code = embedIframeCode(ORIGIN, { title: 'Pilot', url: `${ORIGIN}/a.mp3` });
    expect(code).toBe(
      `<iframe src="${ORIGIN}/embed/audio?title=Pilot&amp;url=https%3A%2F%2Fpods.example.com%2Fa.mp3" ` +
        'width="100%" height="130" frameborder="0" loading="lazy" title="Pilot" allow="autoplay"></iframe>',
    );
  });

  it('escapes a title that would otherwise end the attribute or open a tag', () => {
    const code = embedIframeCode(ORIGIN, { title: `"><script>alert('x')</script>`, url: null });
    expect(code).toContain('title="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"');
    expect(code).not.toContain('<script');
    // The src is URL-encoded, and its ampersands are escaped for the attribute.
    expect(code).toMatch(/src="[^"<>]+"/);
  });

  it('takes a pixel width and height when asked (an oEmbed consumer’s maxwidth and maxheight)', () => {
    expect(embedIframeCode(ORIGIN, { title: 'A', url: null }, { width: 400, height: 100 })).toContain(
      'width="400" height="100"',
    );
  });
});

describe('oEmbed', () => {
  it("finds the episode id in an address of this site's episode page only", () => {
    expect(episodeIdOfPageUrl(`${ORIGIN}/episode/${EPISODE_ID}`, ORIGIN)).toBe(EPISODE_ID);
    expect(episodeIdOfPageUrl(`${ORIGIN}/episode/${EPISODE_ID.toUpperCase()}/?ref=x#t=10`, ORIGIN)).toBe(
      EPISODE_ID,
    );
    for (const other of [
      `https://elsewhere.example.com/episode/${EPISODE_ID}`,
      `http://pods.example.com/episode/${EPISODE_ID}`,
      `${ORIGIN}/podcast/ada`,
      `${ORIGIN}/episode/not-an-id`,
      `${ORIGIN}/episode/${EPISODE_ID}/extra`,
      'not a url',
      'javascript:alert(1)',
    ])
      expect(episodeIdOfPageUrl(other, ORIGIN)).toBeNull();
  });

  it('gives the discovery address of a page', () => {
    const page = `${ORIGIN}/episode/${EPISODE_ID}`;
    expect(oembedUrl(ORIGIN, page)).toBe(`${ORIGIN}/api/oembed?url=${encodeURIComponent(page)}&format=json`);
  });

  it('needs a url ("The address of an episode page is required"), defaults the format to json and reads maxwidth and maxheight as whole pixels', () => {
    expect(oembedQuerySchema.safeParse({}).error?.issues[0]?.message).toBe(
      'The address of an episode page is required',
    );
    expect(oembedQuerySchema.safeParse({ url: ' ' }).success).toBe(false);
    expect(oembedQuerySchema.parse({ url: 'x' })).toEqual({ url: 'x', format: 'json' });
    expect(oembedQuerySchema.parse({ url: 'x', format: 'XML', maxwidth: '320', maxheight: '90' })).toEqual({
      url: 'x',
      format: 'xml',
      maxwidth: 320,
      maxheight: 90,
    });
    for (const bad of ['0', '-5', '1.5', 'wide', '99999'])
      expect(oembedQuerySchema.safeParse({ url: 'x', maxwidth: bad }).success).toBe(false);
    expect(oembedQuerySchema.safeParse({ url: ['a', 'b'] }).success).toBe(false);
  });
});
