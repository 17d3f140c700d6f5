import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PUBLIC_PAGE_DATA_ELEMENT_ID,
  publicPageDataSchema,
  type Episode,
  type MediaFile,
  type Podcast,
} from '@castbase/contracts';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import type { RunningProcess } from '@castbase/platform-runtime';
import { createTestDatabase, freePort, type TestDatabase } from '@castbase/platform-testing';
import { runAllInOne } from '../../apps/all-in-one/src/all-in-one.js';
import { ApiClient, createTestUser } from './support/api-client.js';
import { uploadMp3 } from './support/publish-flow.js';
import { testProcessEnv } from './support/test-process-env.js';

// The public pages as link previews and crawlers meet them: plain HTTP, no JavaScript. The head must already carry
// the OpenGraph and Twitter tags and the JSON-LD; the body the title, notes and a player. E2E_WEB_DIST serves a
// built web app (its index.html is the shell); without it the gateway renders the same page in a bare document.

const TIMEOUT_MS = 120_000;
const HOSTILE_TITLE = '</script><script>alert("x")</script> & \'Quotes\'';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};
const unescape = (text: string) =>
  text.replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);

/** The page's <meta property|name="…" content="…"> values by key. */
function metaOf(html: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    found[unescape(key!)] = unescape(content!);
  return found;
}

function scriptOf(html: string, opening: string): unknown {
  const start = html.indexOf(opening);
  if (start < 0) throw new Error(`No ${opening} in the page`);
  const end = html.indexOf('</script>', start);
  return JSON.parse(html.slice(start + opening.length, end));
}

type JsonLd = Record<string, unknown> & { associatedMedia?: Record<string, unknown> };

describe('the public pages over plain HTTP', () => {
  let database: TestDatabase;
  let running: RunningProcess;
  let files: string;
  let api: ApiClient;
  let podcast: Podcast;
  let episode: Episode;
  let draft: Episode;
  let privateEpisode: Episode;
  let privatePodcast: Podcast;

  const get = (path: string) => fetch(`${running.url}${path}`);

  beforeAll(async () => {
    database = await createTestDatabase('publichtml');
    const webDist = process.env['E2E_WEB_DIST'];
    running = await runAllInOne(
      await testProcessEnv(
        database,
        await freePort(),
        'in-process',
        webDist ? { WEB_DIST_DIR: webDist } : {},
      ),
    );
    api = new ApiClient(running.url).as(await createTestUser('hana'));
    files = await mkdtemp(join(tmpdir(), 'castbase-public-html-'));
    await renderToneMp3(resolveFfmpegBinaries(), join(files, 'tone.mp3'), 3);
    const media: MediaFile = await uploadMp3(api, join(files, 'tone.mp3'), 'tone.mp3');
    podcast = await api.ok<Podcast>('POST', '/api/podcasts', {
      name: 'Hana <Talks> & "Friends"',
      description: 'Conversations\nabout </script> and everything.',
      author: 'Hana',
    });
    episode = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: HOSTILE_TITLE,
      description: 'First line\nSecond line </script><!--',
      mediaId: media.id,
      seasonNumber: 1,
      episodeNumber: 3,
      status: 'published',
    });
    draft = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, { title: 'Not yet' });
    privatePodcast = await api.ok<Podcast>('POST', '/api/podcasts', {
      name: 'Members',
      visibility: 'private',
    });
    privateEpisode = await api.ok<Episode>('POST', `/api/podcasts/${privatePodcast.id}/episodes`, {
      title: 'Members only',
      mediaId: media.id,
      status: 'published',
    });
  }, TIMEOUT_MS);

  afterAll(async () => {
    await running?.stop();
    await database?.drop();
    if (files) await rm(files, { recursive: true, force: true });
  });

  it('renders an episode page whose head carries OpenGraph, a Twitter player card, oEmbed discovery and PodcastEpisode JSON-LD', async () => {
    const response = await get(`/episode/${episode.id}`);
    const html = await response.text();
    const pageUrl = `${running.url}/episode/${episode.id}`;
    // The published file may be re-tagged (chapters as ID3 frames) under a new key: every place in one page agrees.
    const data = publicPageDataSchema.parse(
      scriptOf(html, `<script type="application/json" id="${PUBLIC_PAGE_DATA_ELEMENT_ID}">`),
    );
    const audioUrl = new URL(data.kind === 'episode' ? (data.page.episode.media?.url ?? '') : '', running.url)
      .href;
    expect(audioUrl).toMatch(new RegExp(`^${running.url}/storage/.+/tone\\.mp3$`));
    // Castbase's own player plays through the enclosure redirect, so a play is a download counted from the page.
    expect(html).toContain(
      `<audio controls preload="none" src="${running.url}/e/${podcast.id}/${episode.id}/tone.mp3?src=page"`,
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
    // The app's own title and description are replaced, not repeated.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    const meta = metaOf(html);
    expect(meta).toMatchObject({
      description: 'First line Second line </script><!--',
      'og:type': 'music.song',
      'og:title': HOSTILE_TITLE,
      'og:url': pageUrl,
      'og:audio': audioUrl,
      'og:audio:type': 'audio/mpeg',
      'og:site_name': 'Hana <Talks> & "Friends"',
      'twitter:card': 'player',
      'twitter:title': HOSTILE_TITLE,
      'twitter:player:width': '480',
      'twitter:player:height': '130',
      'twitter:player:stream': audioUrl,
    });
    const player = new URL(meta['twitter:player']!);
    expect(`${player.origin}${player.pathname}`).toBe(`${running.url}/embed/audio`);
    expect(player.searchParams.get('title')).toBe(HOSTILE_TITLE);
    // The embed plays the enclosure URL, counted from the embed, and knows the episode its beacons are for.
    expect(player.searchParams.get('url')).toBe(
      `${running.url}/e/${podcast.id}/${episode.id}/tone.mp3?src=embed`,
    );
    expect(html).toContain(`<link rel="canonical" href="${pageUrl}">`);
    expect(html).toContain(
      `<link rel="alternate" type="application/json+oembed" href="${running.url}/api/oembed?url=${encodeURIComponent(pageUrl).replace(/&/g, '&amp;')}&amp;format=json"`,
    );

    const jsonLd = scriptOf(html, '<script type="application/ld+json">') as JsonLd;
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'PodcastEpisode',
      name: HOSTILE_TITLE,
      url: pageUrl,
      episodeNumber: 3,
      datePublished: episode.publishDate,
      partOfSeries: {
        '@type': 'PodcastSeries',
        name: podcast.name,
        url: `${running.url}/podcast/${podcast.id}`,
      },
      partOfSeason: { '@type': 'PodcastSeason', seasonNumber: 1 },
      associatedMedia: { '@type': 'AudioObject', contentUrl: audioUrl, encodingFormat: 'audio/mpeg' },
    });
    expect(jsonLd.associatedMedia?.['duration']).toMatch(/^PT[1-9]\d*S$/);
  });

  it('escapes every title and note: no markup of theirs survives, and the embedded data reads back unchanged', async () => {
    const html = await (await get(`/episode/${episode.id}`)).text();

    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('Second line </script>');
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script\b/g)?.length);
    expect(html).toContain(
      `<title>${HOSTILE_TITLE.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')} · Hana &lt;Talks&gt; &amp; &quot;Friends&quot;</title>`,
    );
    const data = publicPageDataSchema.parse(
      scriptOf(html, `<script type="application/json" id="${PUBLIC_PAGE_DATA_ELEMENT_ID}">`),
    );
    expect(data).toMatchObject({
      kind: 'episode',
      page: {
        episode: {
          id: episode.id,
          title: HOSTILE_TITLE,
          description: 'First line\nSecond line </script><!--',
        },
      },
    });
  });

  it('puts the episode readable without JavaScript inside the root element: heading, facts, notes and a player', async () => {
    const html = await (await get(`/episode/${episode.id}`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));

    expect(root).toContain(
      '<h1>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Quotes&#39;</h1>',
    );
    expect(root).toContain(
      `<audio controls preload="none" src="${running.url}/e/${podcast.id}/${episode.id}/tone.mp3?src=page"`,
    );
    expect(root).toContain('<p>First line<br>Second line &lt;/script&gt;&lt;!--</p>');
    expect(root).toContain('Season 1 · Episode 3');
    if (process.env['E2E_WEB_DIST'])
      expect(html).toMatch(/<script type="module" crossorigin src="\/assets\//);
  });

  it("renders the podcast page by the owner's username and by id with PodcastSeries JSON-LD listing its episodes", async () => {
    for (const name of ['hana', 'HANA', podcast.id]) {
      const response = await get(`/podcast/${name}`);
      const html = await response.text();
      expect(response.status).toBe(200);
      const meta = metaOf(html);
      expect(meta).toMatchObject({
        'og:type': 'website',
        'og:title': 'Hana <Talks> & "Friends"',
        'og:url': `${running.url}/podcast/${podcast.id}`,
        'twitter:card': 'summary',
        description: 'Conversations about </script> and everything.',
      });
      const jsonLd = scriptOf(html, '<script type="application/ld+json">') as JsonLd & { episode: JsonLd[] };
      expect(jsonLd).toMatchObject({
        '@type': 'PodcastSeries',
        name: podcast.name,
        webFeed: `${running.url}/feeds/hana/${podcast.slug}.xml`,
        author: { '@type': 'Person', name: 'Hana' },
      });
      expect(jsonLd.episode).toHaveLength(1);
      expect(jsonLd.episode[0]).toMatchObject({
        '@type': 'PodcastEpisode',
        name: HOSTILE_TITLE,
        associatedMedia: { '@type': 'AudioObject' },
      });
      expect(html).toContain(`<a href="${running.url}/episode/${episode.id}">`);
      expect(html).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" href="http:\/\/localhost:\d+\/feeds\/hana\//,
      );
    }
  });

  it.each([
    ['a draft', () => `/episode/${draft.id}`],
    ["a private podcast's published episode", () => `/episode/${privateEpisode.id}`],
    ['an unknown episode', () => `/episode/${crypto.randomUUID()}`],
    ['an episode id that is not one', () => '/episode/not-an-id'],
    ['a private podcast by id', () => `/podcast/${privatePodcast.id}`],
    ['a username nobody has', () => '/podcast/nobody_here'],
    ['a page past the last', () => `/podcast/${podcast.id}?page=9`],
    ['a page that is not a number', () => `/podcast/${podcast.id}?page=abc`],
    ['a name too long to be one', () => `/podcast/${'x'.repeat(300)}`],
  ])('answers %s with a friendly 404 page', async (_, path) => {
    const response = await get(path());
    const html = await response.text();

    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html).toMatch(/<h1>(Episode|Podcast) not found<\/h1>/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('og:title');
  });

  it('answers the JSON API for the client, with 404 for what has no page and 400 for a malformed query', async () => {
    const page = await get(`/api/public/episodes/${episode.id}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ episode: { id: episode.id }, podcast: { id: podcast.id } });
    const podcastPage = await get('/api/public/podcasts/hana?page=1');
    expect(await podcastPage.json()).toMatchObject({
      total: 1,
      pageCount: 1,
      seasons: [1],
      otherPodcasts: [],
    });

    for (const path of [`/api/public/episodes/${draft.id}`, '/api/public/episodes/not-an-id']) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ code: 'EPISODE_NOT_FOUND', message: 'Episode not found' });
    }
    const privatePage = await get(`/api/public/podcasts/${privatePodcast.id}`);
    expect(privatePage.status).toBe(404);
    expect(await privatePage.json()).toEqual({ code: 'PODCAST_NOT_FOUND', message: 'Podcast not found' });
    expect((await get('/api/public/podcasts/hana?season=zero')).status).toBe(400);
  });
});
