/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import {
  PUBLIC_PAGE_DATA_ELEMENT_ID,
  PUBLIC_PODCAST_PAGE_SIZE,
  publicCreatorMessages,
  publicFiguresMessages,
  type Episode,
  type MediaFile,
  type Podcast,
  type UserProfile,
} from '@castbase/contracts';
import { resolveFfmpegBinaries, runFfmpeg } from '@castbase/platform-ffmpeg';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import type { ApiClient } from './support/api-client.js';
import { renderJourneyMedia } from './support/episode-editor-journey.js';
import { apiOfDevice } from './support/episode-seed.js';
import { uploadFile, uploadMp3 } from './support/publish-flow.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { signedUpCreator } from './support/web-journey.js';

// The creator's public face in a real browser, signed out: the episode page with its player, chapters that seek,
// transcript, credits and funding; the podcast's website with its pages of episodes and seasons; and the 404s of a
// draft and a private podcast. Set E2E_SCREENSHOT_DIR to keep screenshots.

const JOURNEY_TIMEOUT_MS = 240_000;
const CHAPTERS = [
  { id: 'c1', startTime: 0, title: 'Cold open', toc: true },
  { id: 'c2', startTime: 2, title: 'The tone', toc: true },
  { id: 'c3', startTime: 4, title: 'Goodbye', toc: true },
];
const TRANSCRIPT_VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
<v Ada Lovelace>Good morning, and welcome to the show.

00:00:02.000 --> 00:00:04.000
<v Ada Lovelace>Here is the tone.
`;

describe('the public pages, signed out', () => {
  let app: WebAppUnderTest;
  let api: ApiClient;
  let context: BrowserContext;
  let page: Page;
  let files: string;
  let podcast: Podcast;
  let secondPodcast: Podcast;
  let featured: Episode;
  let draft: Episode;
  let privatePodcast: Podcast;
  let privateEpisode: Episode;

  const open = (path: string) => page.goto(`${app.running.url}${path}`);
  const audio = () => page.getByLabel(`Play ${featured.title}`);
  const playerState = () =>
    audio().evaluate((element: HTMLAudioElement) => ({
      readyState: element.readyState,
      duration: element.duration,
      currentTime: element.currentTime,
      paused: element.paused,
    }));
  /** The creator's card: their picture, name and bio, shown while their profile is public. */
  const creatorCard = () => page.getByRole('region', { name: publicCreatorMessages.heading });
  const expectCreatorCard = async () => {
    await creatorCard().getByText('Ada Lovelace', { exact: true }).waitFor();
    await creatorCard().getByText('Makes tones for early mornings.').waitFor();
  };
  const currentChapter = () =>
    page
      .locator('[aria-label="Chapters"] [aria-current="true"]')
      .first()
      .evaluate((element) => element.textContent?.replace(/\s+/g, ' ').trim());

  beforeAll(async () => {
    app = await startWebAppUnderTest('webpublicpages');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Signal Hour', 'Quiet Room']);
    [podcast, secondPodcast] = creator.podcasts as [Podcast, Podcast];
    api = apiOfDevice(creator.storageState, app.running.url);
    await api.ok('PATCH', '/api/profile', { bio: 'Makes tones for early mornings.' });
    files = await mkdtemp(join(tmpdir(), 'castbase-public-pages-'));
    const media = await renderJourneyMedia(files);
    const mp3 = await uploadMp3(api, media.firstMp3, 'first-light.mp3');
    await writeFile(join(files, 'transcript.vtt'), TRANSCRIPT_VTT);
    const transcript = await uploadFile(api, {
      input: join(files, 'transcript.vtt'),
      fileName: 'transcript.vtt',
      fileType: 'text/vtt',
      purpose: 'transcript',
    });
    const transcriptFile = await waitFor('the transcript to be stored', async () => {
      const file = await api.ok<MediaFile>('GET', `/api/media/${transcript.id}`);
      return file.status === 'ready' ? file : undefined;
    });

    // Cover art as a creator's would be: a 1400 px gradient, drawn by ffmpeg.
    await runFfmpeg(resolveFfmpegBinaries(), [
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=1400x1400',
      '-vf',
      "geq=r='30+220*X/W':g='58+90*Y/H':b='138-100*X/W'",
      '-frames:v',
      '1',
      join(files, 'cover.png'),
    ]);
    const cover = await uploadFile(api, {
      input: join(files, 'cover.png'),
      fileName: 'cover.png',
      fileType: 'image/png',
      purpose: 'episode-art',
    });
    const publish = (title: string, seasonNumber: number, episodeNumber: number) =>
      api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
        title,
        description: `Notes of ${title}.`,
        mediaId: mp3.id,
        seasonNumber,
        episodeNumber,
        status: 'published',
      });
    const created = await publish('First Light', 2, 1);
    featured = await api.ok<Episode>('PATCH', `/api/episodes/${created.id}`, {
      revision: created.revision,
      artworkMediaId: cover.id,
      description: 'Morning tones for early risers.\nA second line of notes.',
      chapters: CHAPTERS,
      persons: [{ id: 'p1', name: 'Ada Lovelace', role: 'Host', href: 'https://example.org/ada' }],
      funding: [{ url: 'https://example.org/support', title: 'Buy us a coffee' }],
      transcripts: [
        { id: 't1', url: transcriptFile.url, type: 'text/vtt', language: 'en', rel: 'transcript' },
      ],
    });
    // More than a page of episodes; the first one published (First Light) ends on the second page.
    for (let n = 1; n <= PUBLIC_PODCAST_PAGE_SIZE + 1; n++) await publish(`Daily Signal ${n}`, 1, n);
    draft = await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, { title: 'Unfinished' });
    privatePodcast = await api.ok<Podcast>('POST', '/api/podcasts', {
      name: 'Members',
      visibility: 'private',
    });
    privateEpisode = await api.ok<Episode>('POST', `/api/podcasts/${privatePodcast.id}/episodes`, {
      title: 'Members only',
      mediaId: mp3.id,
      status: 'published',
    });
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await app?.stop();
    if (files) await rm(files, { recursive: true, force: true });
  }, JOURNEY_TIMEOUT_MS);

  beforeEach(async () => {
    context = await app.browser.newContext({ colorScheme: 'light', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  });

  afterEach(async () => {
    await context?.close();
  });

  it(
    'shows a published episode with a player that plays, and chapters that seek it and mark the one playing',
    async () => {
      await open(`/episode/${featured.id}`);
      await page.getByRole('heading', { level: 1, name: 'First Light' }).waitFor();
      await page.getByRole('link', { name: 'Signal Hour' }).first().waitFor();
      expect(await page.title()).toBe('First Light · Signal Hour');
      await page.getByText('Season 2 · Episode 1').waitFor();
      await page.getByText('A second line of notes.', { exact: false }).waitFor();
      await expectCreatorCard();
      expect(await audio().getAttribute('controls')).not.toBeNull();
      // The player fetches nothing before play, and plays through the enclosure redirect, counted from the page.
      expect(await audio().getAttribute('preload')).toBe('none');
      const source = new URL((await audio().getAttribute('src'))!, app.running.url);
      expect(source.pathname).toMatch(new RegExp(`^/e/${featured.podcastId}/${featured.id}/[^/]+$`));
      expect(source.searchParams.get('src')).toBe('page');
      expect((await playerState()).readyState).toBe(0);

      await page.getByRole('button', { name: '0:04 Goodbye' }).click();
      const loaded = await waitFor(
        'the player to play on from the chapter',
        async () => {
          const state = await playerState();
          return state.duration > 5 && state.currentTime > 4.1 ? state : undefined;
        },
        { timeoutMs: 30_000 },
      );
      expect(loaded.duration).toBeLessThan(7);
      expect(await currentChapter()).toBe('0:04 Goodbye');
      // Playing sent a start beacon, stored as the page's listening session of the episode.
      const db = new pg.Client({ connectionString: app.running.config.DATABASE_URL });
      await db.connect();
      try {
        const session = await waitFor(
          'the start beacon to be stored',
          async () =>
            (
              await db.query<{ player: string; podcast_id: string }>(
                'select player, podcast_id from analytics.listening_sessions where episode_id = $1',
                [featured.id],
              )
            ).rows[0],
          { timeoutMs: 20_000, intervalMs: 100 },
        );
        expect(session).toEqual({ player: 'page', podcast_id: featured.podcastId });
      } finally {
        await db.end();
      }

      await page.getByRole('button', { name: '0:02 The tone' }).click();
      await waitFor('the player at the second chapter, marked as playing', async () => {
        const state = await playerState();
        const marked = await currentChapter();
        return state.currentTime >= 2 && state.currentTime < 4 && marked === '0:02 The tone'
          ? true
          : undefined;
      });
      await audio().evaluate((element: HTMLAudioElement) => element.pause());
      await expectAccessibleInBothThemes(page, 'the public episode page');
      await screenshotInBothThemes(page.locator('body'), 'public-episode');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the transcript as readable lines, the credits, the funding link, sharing and subscribing',
    async () => {
      await open(`/episode/${featured.id}`);
      const transcript = page.getByRole('region', { name: 'Transcript text' });
      await transcript.getByText('Good morning, and welcome to the show.').waitFor();
      await transcript.getByText('Ada Lovelace:').first().waitFor();
      expect(await transcript.getByRole('button', { name: 'Play from 0:02' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
        'https://example.org/ada',
      );
      expect(await page.getByRole('link', { name: 'Buy us a coffee' }).getAttribute('href')).toBe(
        'https://example.org/support',
      );
      expect(await page.getByRole('textbox', { name: 'Episode link' }).inputValue()).toBe(
        `${app.running.url}/episode/${featured.id}`,
      );
      const twitter = await page.getByRole('link', { name: 'Share on X (Twitter)' }).getAttribute('href');
      expect(twitter).toContain(encodeURIComponent(`${app.running.url}/episode/${featured.id}`));
      expect(await page.getByRole('textbox', { name: 'RSS feed' }).inputValue()).toBe(
        `${app.running.url}/feeds/ada/${podcast.slug}.xml`,
      );

      // The podcast's name goes to its website, read from the API as the app navigates.
      await page.getByRole('link', { name: 'More from Signal Hour' }).click();
      await page.getByRole('heading', { level: 1, name: 'Signal Hour' }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "is the owner's podcast website at /podcast/{username}: newest first, a page at a time, by season",
    async () => {
      await open('/podcast/ada');
      await page.getByRole('heading', { level: 1, name: 'Signal Hour' }).waitFor();
      const cards = page.getByRole('article');
      const titles = () => cards.getByRole('heading', { level: 3 }).allTextContents();
      await page.getByText(`${PUBLIC_PODCAST_PAGE_SIZE + 2} episodes`).waitFor();
      expect((await titles())[0]).toBe(`Daily Signal ${PUBLIC_PODCAST_PAGE_SIZE + 1}`);
      expect(await titles()).toHaveLength(PUBLIC_PODCAST_PAGE_SIZE);
      expect(await cards.first().locator('audio[controls][preload="none"]').count()).toBe(1);
      // Each card's player loads its own file when asked to.
      await cards
        .first()
        .locator('audio')
        .evaluate((element: HTMLAudioElement) => element.load());
      await waitFor(
        "the first card's audio to load",
        async () => {
          const state = await cards
            .first()
            .locator('audio')
            .evaluate((element: HTMLAudioElement) => ({
              ready: element.readyState,
              error: element.error?.code,
            }));
          return state.ready >= 1 ? true : undefined;
        },
        { timeoutMs: 30_000 },
      );
      await page.getByRole('link', { name: 'Quiet Room' }).waitFor();
      await expectCreatorCard();
      // Analytics sharing is opt-in: no figures until the creator turns it on.
      expect(await page.getByRole('region', { name: publicFiguresMessages.heading }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Spotify' }).getAttribute('href')).toBe(
        'https://open.spotify.com/search/Signal%20Hour/podcasts',
      );
      await expectAccessibleInBothThemes(page, 'the public podcast page');
      await screenshotInBothThemes(page.locator('body'), 'public-podcast');

      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.waitForURL(`${app.running.url}/podcast/ada?page=2`);
      await waitFor('the second page', async () =>
        (await titles()).join('|') === 'Daily Signal 1|First Light' ? true : undefined,
      );

      await page.getByRole('navigation', { name: 'Seasons' }).getByRole('link', { name: 'Season 2' }).click();
      await page.getByRole('heading', { level: 2, name: 'Season 2' }).waitFor();
      await waitFor('season 2 alone', async () =>
        (await titles()).join('|') === 'First Light' ? true : undefined,
      );
      expect(await page.getByRole('link', { name: 'Season 2' }).getAttribute('aria-current')).toBe('page');
      await expectAccessibleInBothThemes(page, 'the public podcast page filtered to a season');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows nothing about the creator while their profile is not public',
    async () => {
      await api.ok('PATCH', '/api/settings', { privacy: { profilePublic: false } });
      try {
        for (const [path, heading] of [
          ['/podcast/ada', 'Signal Hour'],
          [`/episode/${featured.id}`, 'First Light'],
        ] as const) {
          await open(path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          await page.getByRole('region', { name: 'Subscribe' }).waitFor();
          expect(await creatorCard().count()).toBe(0);
          expect(await page.getByText('Makes tones for early mornings.').count()).toBe(0);
        }
        await expectAccessibleInBothThemes(page, 'a public episode page without the creator card');
      } finally {
        await api.ok('PATCH', '/api/settings', { privacy: { profilePublic: true } });
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows the podcast's total plays and unique listeners only while the creator shares their analytics",
    async () => {
      // Off by default (see the website's test); the browser keeps a public page a minute, so it opens once here.
      const figures = () => page.getByRole('region', { name: publicFiguresMessages.heading });
      await api.ok('PATCH', '/api/settings', { privacy: { analyticsSharing: true } });
      try {
        await open('/podcast/ada');
        // The app's page, not the HTML the server sent before it.
        await page.getByRole('region', { name: 'Subscribe' }).waitFor();
        await figures().getByText(publicFiguresMessages.totalPlays).waitFor();
        await figures().getByText(publicFiguresMessages.uniqueListeners).waitFor();
        expect(await figures().locator('dd').allTextContents()).toEqual([
          expect.stringMatching(/^[\d,]+$/),
          expect.stringMatching(/^[\d,]+$/),
        ]);
        await expectAccessibleInBothThemes(page, 'the public podcast page with its shared figures');
        await screenshotInBothThemes(page.locator('body'), 'public-podcast-figures');

        // The owner's user id, by which the gateway asked identity for the card and the sharing choice, is in
        // neither page: not in the API the app reads, the HTML the server sent, nor the page data it embedded.
        // (Only the storage URLs of the owner's files carry it, as their folder, `…/public/media/{owner}/…`.)
        const { profile } = await api.ok<{ profile: UserProfile }>('GET', '/api/profile');
        const ownerId = profile.id;
        expect(ownerId).toEqual(expect.any(String));
        const outsideMediaUrls = (text: string) =>
          text
            .replaceAll(`public/media/${ownerId}/`, 'public/media/{owner}/')
            .replaceAll(`public%2Fmedia%2F${ownerId}%2F`, 'public%2Fmedia%2F{owner}%2F');
        const texts = await Promise.all(
          [
            '/api/public/podcasts/ada',
            `/api/public/episodes/${featured.id}`,
            '/podcast/ada',
            `/episode/${featured.id}`,
          ].map(async (path) => (await fetch(`${app.running.url}${path}`)).text()),
        );
        expect(JSON.parse(texts[0]!).creator).toMatchObject({ displayName: 'Ada Lovelace' });
        for (const text of texts) {
          expect(text).toContain(podcast.id);
          expect(outsideMediaUrls(text)).not.toContain(ownerId);
          expect(text).not.toContain('ownerId');
        }
        const embedded = await page.locator(`#${PUBLIC_PAGE_DATA_ELEMENT_ID}`).textContent();
        expect(embedded).toContain(podcast.id);
        expect(outsideMediaUrls(embedded ?? '')).not.toContain(ownerId);
      } finally {
        await api.ok('PATCH', '/api/settings', { privacy: { analyticsSharing: false } });
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "links a podcast's website, social and funding links, but never a javascript: address typed into them",
    async () => {
      const linked = await api.ok<Podcast>('POST', '/api/podcasts', {
        name: 'Linked Show',
        websiteUrl: 'https://example.org/linked',
        socialLinks: [
          { label: 'Mastodon', url: 'https://mastodon.example/@ada' },
          { label: 'Sneaky', url: 'javascript:alert(document.cookie)' },
        ],
        fundingLinks: [
          { label: 'Patreon', url: 'https://patreon.example/ada' },
          { label: 'Also sneaky', url: 'javascript:alert(1)' },
        ],
      });
      await open(`/podcast/${linked.id}`);
      await page.getByRole('heading', { level: 1, name: 'Linked Show' }).waitFor();
      expect(await page.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe(
        'https://example.org/linked',
      );
      await page.getByRole('link', { name: 'Mastodon' }).waitFor();
      await page.getByRole('link', { name: 'Patreon' }).waitFor();
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      expect(await page.getByText('Sneaky').count()).toBe(0);
      await expectAccessibleInBothThemes(page, 'a public podcast page with links and no episodes');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'answers a draft, a private podcast and its episode with a 404 page',
    async () => {
      for (const [path, heading] of [
        [`/episode/${draft.id}`, 'Episode not found'],
        [`/episode/${privateEpisode.id}`, 'Episode not found'],
        [`/podcast/${privatePodcast.id}`, 'Podcast not found'],
      ] as const) {
        const response = await open(path);
        expect(response?.status()).toBe(404);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      }
      await expectAccessibleInBothThemes(page, 'the public 404 page');
      await screenshotInBothThemes(page.locator('body'), 'public-not-found');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'fits a phone, and reads without JavaScript from the HTML the server sent',
    async () => {
      await page.setViewportSize({ width: 360, height: 800 });
      for (const path of [`/episode/${featured.id}`, `/podcast/${secondPodcast.id}`]) {
        await open(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await waitFor(`${path} to fit 360 px`, () =>
          page.evaluate(() => document.documentElement.scrollWidth <= 360 || undefined),
        );
      }
      await open(`/episode/${featured.id}`);
      await page.getByRole('heading', { level: 1, name: 'First Light' }).waitFor();
      await screenshotInBothThemes(page.locator('body'), 'public-episode-phone');

      const noScript = await app.browser.newContext({ javaScriptEnabled: false });
      try {
        const reader = await noScript.newPage();
        await reader.goto(`${app.running.url}/episode/${featured.id}`);
        await reader.getByRole('heading', { level: 1, name: 'First Light' }).waitFor();
        expect(await reader.locator('audio[controls][preload="none"]').count()).toBe(1);
        expect(await reader.getByRole('link', { name: 'Signal Hour' }).count()).toBe(1);
      } finally {
        await noScript.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
