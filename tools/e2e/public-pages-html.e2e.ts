import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  PUBLIC_PAGE_DATA_ELEMENT_ID,
  publicCreatorMessages,
  publicFiguresMessages,
  publicEpisodePageSchema,
  publicPageDataSchema,
  publicPodcastPageSchema,
  type Episode,
  type MediaFile,
  type Podcast,
  type UserProfile,
} from '@castbase/contracts';
import { renderToneMp3, resolveFfmpegBinaries } from '@castbase/platform-ffmpeg';
import type { RunningProcess } from '@castbase/platform-runtime';
import { createTestDatabase, freePort, waitFor, type TestDatabase } from '@castbase/platform-testing';
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

/**
 * A page's text with the owner's media folder (`…/public/media/{owner}/…`, in every storage URL of their files, also
 * URL-encoded inside another URL) left out: the one place a public page shows the owner's user id, by the storage's
 * design. Anywhere else it would be the id the catalog hands the gateway to ask identity about the owner, leaked.
 */
const outsideMediaUrls = (text: string, userId: string) =>
  text
    .replaceAll(`public/media/${userId}/`, 'public/media/{owner}/')
    .replaceAll(`public%2Fmedia%2F${userId}%2F`, 'public%2Fmedia%2F{owner}%2F');

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

  describe("the owner's privacy switches: the creator's card (profilePublic) and the figures (analyticsSharing)", () => {
    let ines: ApiClient;
    let profile: UserProfile;
    let inesPodcast: Podcast;
    let inesEpisode: Episode;

    const apiPages = async () => ({
      podcast: publicPodcastPageSchema.parse(
        await (await get(`/api/public/podcasts/${profile.username}`)).json(),
      ),
      episode: publicEpisodePageSchema.parse(
        await (await get(`/api/public/episodes/${inesEpisode.id}`)).json(),
      ),
    });
    const htmlPages = async () => [
      await (await get(`/podcast/${profile.username}`)).text(),
      await (await get(`/episode/${inesEpisode.id}`)).text(),
    ];
    const setProfilePublic = (profilePublic: boolean) =>
      ines.ok('PATCH', '/api/settings', { privacy: { profilePublic } });
    const setAnalyticsSharing = (analyticsSharing: boolean) =>
      ines.ok('PATCH', '/api/settings', { privacy: { analyticsSharing } });

    beforeAll(async () => {
      const user = await createTestUser('ines');
      ines = new ApiClient(running.url).as(user);
      await ines.ok('POST', '/api/profile', {
        firstName: 'Ines',
        lastName: 'Duarte',
        username: `ines_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`,
        timezone: 'Europe/Lisbon',
      });
      profile = await ines.ok<UserProfile>('PATCH', '/api/profile', {
        displayName: 'Ines <Duarte>',
        bio: 'Field recordings\nfrom the coast.',
      });
      const media = await uploadMp3(ines, join(files, 'tone.mp3'), 'tone.mp3');
      inesPodcast = await ines.ok<Podcast>('POST', '/api/podcasts', { name: 'Coastlines', author: 'Ines' });
      inesEpisode = await ines.ok<Episode>('POST', `/api/podcasts/${inesPodcast.id}/episodes`, {
        title: 'Low tide',
        mediaId: media.id,
        status: 'published',
      });
    }, TIMEOUT_MS);

    it("shows the creator's name and bio on both pages while their profile is public (the default), and never their e-mail", async () => {
      const { podcast: podcastPage, episode: episodePage } = await apiPages();
      const card = {
        displayName: 'Ines <Duarte>',
        avatarUrl: null,
        bio: 'Field recordings\nfrom the coast.',
      };

      expect(podcastPage.creator).toEqual(card);
      expect(episodePage.creator).toEqual(card);
      for (const html of await htmlPages()) {
        const root = html.slice(html.indexOf('<div id="root">'));
        expect(root).toContain(`<h2 id="creator-heading">${publicCreatorMessages.heading}</h2>`);
        expect(root).toContain('<p>Ines &lt;Duarte&gt;</p>');
        expect(root).toContain('<p>Field recordings<br>from the coast.</p>');
        expect(html).not.toContain(profile.email);
      }
      const jsonLd = scriptOf((await htmlPages())[0]!, '<script type="application/ld+json">');
      expect(jsonLd).toMatchObject({
        creator: {
          '@type': 'Person',
          name: 'Ines <Duarte>',
          description: 'Field recordings\nfrom the coast.',
        },
      });
    });

    it("never shows the owner's user id, which the gateway asks identity by: not in the API, the HTML, its page data or its JSON-LD", async () => {
      // (Analytics sharing stays off here: analytics keeps a podcast's figures five minutes once asked.)
      const [podcastHtml, episodeHtml] = await htmlPages();
      const apiTexts = [
        await (await get(`/api/public/podcasts/${profile.username}`)).text(),
        await (await get(`/api/public/episodes/${inesEpisode.id}`)).text(),
      ];
      expect(profile.id).toBe(ines.user!.id);
      expect(JSON.parse(apiTexts[0]!)).toMatchObject({ creator: { displayName: 'Ines <Duarte>' } });
      for (const text of [...apiTexts, podcastHtml!, episodeHtml!]) {
        expect(text).toContain(inesPodcast.id);
        expect(outsideMediaUrls(text, profile.id)).not.toContain(profile.id);
        expect(text).not.toContain('ownerId');
      }
      for (const html of [podcastHtml!, episodeHtml!]) {
        const data = scriptOf(html, `<script type="application/json" id="${PUBLIC_PAGE_DATA_ELEMENT_ID}">`);
        expect(data).toMatchObject({ page: { creator: { displayName: 'Ines <Duarte>' } } });
        expect((data as { page: object }).page).not.toHaveProperty('ownerId');
        const jsonLd = JSON.stringify(scriptOf(html, '<script type="application/ld+json">'));
        expect(outsideMediaUrls(jsonLd, profile.id)).not.toContain(profile.id);
      }
    });

    it('shows nothing about the creator once they turn their public profile off, and the card again once they turn it on', async () => {
      await setProfilePublic(false);

      const hidden = await apiPages();
      expect(hidden.podcast.creator).toBeNull();
      expect(hidden.episode.creator).toBeNull();
      expect(hidden.podcast.podcast.id).toBe(inesPodcast.id);
      for (const html of await htmlPages()) {
        expect(html).not.toContain(publicCreatorMessages.heading);
        // Neither in the page, nor in its JSON-LD or embedded data (which write `<` as \u003c).
        expect(html).not.toMatch(/Ines (&lt;|<|\\u003c)Duarte/);
        expect(html).not.toContain('Field recordings');
      }

      await setProfilePublic(true);
      expect((await apiPages()).podcast.creator).toMatchObject({ displayName: 'Ines <Duarte>' });
    });

    it('shows no figures while the owner has not opted in to analytics sharing (the default)', async () => {
      expect((await apiPages()).podcast.figures).toBeNull();
      expect((await htmlPages())[0]).not.toContain(publicFiguresMessages.heading);
    });

    it(
      'shows the total plays and unique listeners of all time once the owner shares them, and none once they stop',
      async () => {
        // A listener's app downloads the whole episode through its enclosure redirect.
        const play = await fetch(`${running.url}/e/${inesPodcast.id}/${inesEpisode.id}/tone.mp3`, {
          headers: { 'user-agent': 'Overcast/3.0 (+http://overcast.fm/; iOS podcast app)' },
        });
        expect(play.status).toBe(200);
        await play.arrayBuffer();
        // Downloads are counted a few seconds later, and the figures kept five minutes: asked once counted.
        const db = new pg.Client({ connectionString: database.url });
        await db.connect();
        try {
          await waitFor(
            'the download to be counted',
            async () =>
              (
                await db.query<{ n: number }>(
                  'select count(*)::int as n from analytics.downloads where podcast_id = $1',
                  [inesPodcast.id],
                )
              ).rows[0]!.n > 0,
            { timeoutMs: 90_000, intervalMs: 500 },
          );
        } finally {
          await db.end();
        }

        await setAnalyticsSharing(true);
        expect((await apiPages()).podcast.figures).toEqual({ totalPlays: 1, uniqueListeners: 1 });
        const root = (await htmlPages())[0]!;
        expect(root).toContain(`<h2 id="figures-heading">${publicFiguresMessages.heading}</h2>`);
        expect(root).toContain(`<dt>${publicFiguresMessages.totalPlays}</dt><dd>1</dd>`);
        expect(root).toContain(`<dt>${publicFiguresMessages.uniqueListeners}</dt><dd>1</dd>`);
        // The episode page has no figures.
        expect((await htmlPages())[1]).not.toContain(publicFiguresMessages.heading);

        await setAnalyticsSharing(false);
        expect((await apiPages()).podcast.figures).toBeNull();
        expect((await htmlPages())[0]).not.toContain(publicFiguresMessages.heading);
      },
      TIMEOUT_MS,
    );

    it('shows no card, and no error, for a podcast whose owner has no profile', async () => {
      const page = await get(`/api/public/podcasts/${podcast.id}`);

      expect(page.status).toBe(200);
      expect(publicPodcastPageSchema.parse(await page.json()).creator).toBeNull();
      expect(await (await get(`/podcast/${podcast.id}`)).text()).not.toContain(publicCreatorMessages.heading);
    });

    it("never shows, nor lets share the figures of, someone else whose username is the podcast's owner username", async () => {
      // Hana's podcasts carry her sign-in's username, 'hana'; she has no profile, and another creator takes that
      // username for theirs, public, sharing their figures: none of it is Hana's podcast's to show.
      const other = new ApiClient(running.url).as(await createTestUser('other'));
      const otherProfile = await other.ok<UserProfile>('POST', '/api/profile', {
        firstName: 'Olga',
        lastName: 'Other',
        username: 'hana',
        timezone: 'Europe/Lisbon',
      });
      await other.ok('PATCH', '/api/profile', { displayName: 'Olga Other', bio: 'Not Hana.' });
      await other.ok('PATCH', '/api/settings', { privacy: { profilePublic: true, analyticsSharing: true } });
      expect(otherProfile.username).toBe(podcast.ownerUsername);

      const podcastPage = publicPodcastPageSchema.parse(
        await (await get('/api/public/podcasts/hana')).json(),
      );
      const episodePage = publicEpisodePageSchema.parse(
        await (await get(`/api/public/episodes/${episode.id}`)).json(),
      );
      expect(podcastPage.podcast.id).toBe(podcast.id);
      expect(podcastPage).toMatchObject({ creator: null, figures: null });
      expect(episodePage.creator).toBeNull();
      for (const path of ['/podcast/hana', `/podcast/${podcast.id}`, `/episode/${episode.id}`]) {
        const html = await (await get(path)).text();
        expect(html).not.toContain(publicCreatorMessages.heading);
        expect(html).not.toContain(publicFiguresMessages.heading);
        expect(html).not.toContain('Olga Other');
        expect(html).not.toContain('Not Hana.');
      }
    });
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
