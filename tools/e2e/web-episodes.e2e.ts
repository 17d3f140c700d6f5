/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { episodeMessages, type Episode, type EpisodeListPage, type Podcast } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import type { ApiClient } from './support/api-client.js';
import {
  apiOfDevice,
  createSeedEpisodes,
  seedPlan,
  uploadSeedMedia,
  type SeedEpisode,
} from './support/episode-seed.js';
import { episodeListPage } from './support/episode-list-page.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, signUp } from './support/web-journey.js';

// The All Episodes screen over 200 episodes seeded through the API, in a real browser: search, every filter, sort,
// pages, the three views, the empty states and the actions of the episode menu with their modals.

const JOURNEY_TIMEOUT_MS = 240_000;
const CREATOR_TIME_ZONE = 'America/New_York';

describe('All Episodes', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let podcast: Podcast;
  let emptyPodcast: Podcast;
  let plan: SeedEpisode[];
  let episodes: Episode[];

  const count = (keep: (seed: SeedEpisode) => boolean) => plan.filter(keep).length;
  const list = () => episodeListPage(page, app.running.url, () => podcast.id);
  const open = (query = '') => list().open(query);
  const showing = (text: string) => list().showing(text);
  const showingFirstPageOf = (total: number) => list().showingFirstPageOf(total);
  const listTitles = () => list().listTitles();
  const expectFirstTitles = (expected: string[]) => list().expectFirstTitles(expected);
  const menuOf = (title: string) => list().menuOf(title);
  const sortButton = (name: string) => list().sortButton(name);
  const apiTitles = async (query: string) =>
    (await api.ok<EpisodeListPage>('GET', `/api/podcasts/${podcast.id}/episodes?${query}`)).items.map(
      (e) => e.title,
    );

  beforeAll(async () => {
    app = await startWebAppUnderTest('webepisodes');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals', 'Quiet Hours']);
    [podcast, emptyPodcast] = creator.podcasts as [Podcast, Podcast];
    api = apiOfDevice(creator.storageState, app.running.url);
    await api.ok('PATCH', '/api/profile', { timezone: CREATOR_TIME_ZONE });
    plan = seedPlan(200, await uploadSeedMedia(api));
    episodes = await createSeedEpisodes(api, podcast, plan);

    // The browser's own timezone differs from the profile's: the schedule form must follow the profile.
    context = await app.browser.newContext({
      storageState: creator.storageState,
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      timezoneId: 'Asia/Tokyo',
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    'shows the podcast name, 200 episodes, Upload Episode and the first 20, newest first',
    async () => {
      await open();
      await page.getByText('Morning Signals · 200 episodes').waitFor();
      await showing('Showing 1–20 of 200');
      expect(await page.getByRole('link', { name: 'Upload Episode' }).getAttribute('href')).toBe(
        `/p/${podcast.id}/upload`,
      );
      await expectFirstTitles(await apiTitles('page=1'));
      expect(await listTitles()).toHaveLength(20);
      expect(await page.title()).toBe('All Episodes · Castbase');
      await expectAccessibleInBothThemes(page, 'All Episodes, list view');
      await screenshotInBothThemes(page.getByRole('main'), 'episodes-list');

      // 400 % zoom of a 1280-pixel window: nothing scrolls sideways (WCAG 1.4.10).
      await page.setViewportSize({ width: 320, height: 800 });
      await waitFor('the list to fit 320 px', () =>
        page.evaluate(() => document.documentElement.scrollWidth <= 320),
      );
      await screenshotInBothThemes(page.getByRole('main'), 'episodes-list-320px');
      await page.setViewportSize({ width: 1280, height: 900 });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'searches titles, descriptions and tags case-insensitively, and a reload keeps the search',
    async () => {
      await open();
      await page.getByLabel('Search episodes').fill('QUANTUM');
      await showingFirstPageOf(count((seed) => seed.n % 9 === 0));
      expect(new URL(page.url()).searchParams.get('search')).toBe('QUANTUM');
      await page.reload();
      await showingFirstPageOf(count((seed) => seed.n % 9 === 0));
      expect(await page.getByLabel('Search episodes').inputValue()).toBe('QUANTUM');

      await page.getByLabel('Search episodes').fill('interview');
      await showingFirstPageOf(count((seed) => seed.n % 10 === 0));
      await page.getByLabel('Search episodes').fill('aurora');
      await showingFirstPageOf(count((seed) => seed.n % 8 === 0));
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'filters by status, media, RSS, rating, type and season, combines two, and clears them',
    async () => {
      await open();
      const filters: Array<[string, string, (seed: SeedEpisode) => boolean]> = [
        ['Status', 'draft', (seed) => seed.input.status === 'draft'],
        ['Status', 'scheduled', (seed) => seed.input.status === 'scheduled'],
        ['Status', 'published', (seed) => seed.input.status === 'published'],
        ['Media', 'video', (seed) => seed.media === 'video'],
        ['Media', 'audio', (seed) => seed.media === 'audio'],
        ['RSS feed', 'false', (seed) => seed.input.enableRss === false],
        ['Content rating', 'true', (seed) => seed.input.explicit === true],
        ['Episode type', 'trailer', (seed) => seed.input.episodeType === 'trailer'],
        ['Episode type', 'bonus', (seed) => seed.input.episodeType === 'bonus'],
        ['Season', '2', (seed) => seed.input.seasonNumber === 2],
      ];
      for (const [label, value, keep] of filters) {
        await page.getByLabel(label, { exact: true }).selectOption(value);
        const total = count(keep);
        await showingFirstPageOf(total);
        await page.getByLabel(label, { exact: true }).selectOption('');
        await showing('Showing 1–20 of 200');
      }

      await page.getByLabel('Status', { exact: true }).selectOption('published');
      await page.getByLabel('Content rating', { exact: true }).selectOption('true');
      const both = count((seed) => seed.input.status === 'published' && seed.input.explicit === true);
      await showing(`Showing 1–${both} of ${both}`);
      const query = new URL(page.url()).searchParams;
      expect([query.get('status'), query.get('explicit')]).toEqual(['published', 'true']);
      await expectAccessibleInBothThemes(page, 'All Episodes with two filters');

      await page.goBack();
      await showingFirstPageOf(count((seed) => seed.input.status === 'published'));
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await showing('Showing 1–20 of 200');
      expect(new URL(page.url()).search).toBe('');
      expect(await page.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sorts by each field, starting title ascending and the others descending; the active field flips',
    async () => {
      await open();
      const sorts: Array<[string, string, 'asc' | 'desc']> = [
        ['Updated', 'updatedAt', 'desc'],
        ['Title', 'title', 'asc'],
        ['Duration', 'duration', 'desc'],
        ['Status', 'status', 'desc'],
        ['Plays', 'plays', 'desc'],
        ['Created', 'createdAt', 'desc'],
      ];
      for (const [label, field, direction] of sorts) {
        await sortButton(label).click();
        await expectFirstTitles((await apiTitles(`sort=${field}&direction=${direction}`)).slice(0, 5));
        const url = new URL(page.url()).searchParams;
        expect([url.get('sort'), url.get('direction')]).toEqual([field, direction]);
      }
      const shownByStatus = await apiTitles('sort=status&direction=desc');
      expect(plan.find((seed) => seed.input.title === shownByStatus[0])?.input.status).toBe('published');

      await sortButton('Title').click();
      await expectFirstTitles((await apiTitles('sort=title&direction=asc')).slice(0, 5));
      expect((await listTitles())[0]).toMatch(/^Aurora/);
      await sortButton('Title, ascending').click();
      await expectFirstTitles((await apiTitles('sort=title&direction=desc')).slice(0, 5));
      expect((await listTitles())[0]).toMatch(/^Harbor/);
      expect(await sortButton('Title, descending').getAttribute('aria-pressed')).toBe('true');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'pages through with counts and page sizes, and Back returns to the page before',
    async () => {
      await open();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await showing('Showing 21–40 of 200');
      await expectFirstTitles((await apiTitles('page=2')).slice(0, 3));
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      await page.goBack();
      await showing('Showing 1–20 of 200');

      await page.getByLabel('Per page').selectOption('50');
      await showing('Showing 1–50 of 200');
      await page.getByRole('button', { name: 'Page 4' }).click();
      await showing('Showing 151–200 of 200');
      await screenshotInBothThemes(page.getByRole('navigation', { name: 'Pages' }), 'episodes-pagination');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'switches between list, grid and compact views, and the device remembers the choice',
    async () => {
      await open();
      await page.getByText('Grid', { exact: true }).click();
      await page.getByRole('list', { name: 'Episodes' }).locator('.mantine-Card-root').first().waitFor();
      await expectAccessibleInBothThemes(page, 'All Episodes, grid view');
      await screenshotInBothThemes(page.getByRole('main'), 'episodes-grid');

      await page.getByText('Compact', { exact: true }).click();
      await page.getByRole('table', { name: 'Episodes' }).waitFor();
      expect(await page.getByRole('table', { name: 'Episodes' }).getByRole('row').count()).toBe(21);
      await expectAccessibleInBothThemes(page, 'All Episodes, compact view');
      await screenshotInBothThemes(page.getByRole('main'), 'episodes-compact');

      await page.reload();
      await page.getByRole('table', { name: 'Episodes' }).waitFor();
      await page.getByText('List', { exact: true }).click();
      await page.getByRole('list', { name: 'Episodes' }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "says 'No episodes match your filters' with Clear All Filters, and an empty podcast offers the first upload",
    async () => {
      await open('?search=nothing-like-this&season=3');
      await page.getByRole('heading', { name: 'No episodes match your filters' }).waitFor();
      await expectAccessibleInBothThemes(page, 'All Episodes with no match');
      await screenshotInBothThemes(page.getByRole('main'), 'episodes-no-match');
      await page.getByRole('button', { name: 'Clear All Filters' }).click();
      await showing('Showing 1–20 of 200');
      expect(await page.getByLabel('Search episodes').inputValue()).toBe('');

      await page.goto(`${app.running.url}/p/${emptyPodcast.id}/episodes`);
      const upload = page.getByRole('link', { name: 'Upload Your First Episode' });
      await upload.waitFor();
      expect(await upload.getAttribute('href')).toBe(`/p/${emptyPodcast.id}/upload`);
      await page.getByText('Quiet Hours · 0 episodes').waitFor();
      await expectAccessibleInBothThemes(page, 'All Episodes of an empty podcast');
      await screenshotInBothThemes(page.getByRole('main'), 'episodes-empty');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'duplicates an episode from its menu, then deletes the copy after confirming',
    async () => {
      const title = plan[122]?.input.title ?? '';
      await open(`?search=${encodeURIComponent('Episode 123')}`);
      await showing('Showing 1–1 of 1');
      await menuOf(title).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).waitFor();
      // Without audio or video it can be neither published nor scheduled.
      expect(await page.getByRole('menuitem', { name: 'Publish' }).isDisabled()).toBe(true);
      expect(await page.getByRole('menuitem', { name: 'Schedule' }).isDisabled()).toBe(true);
      await expectAccessibleInBothThemes(page, 'the episode action menu');
      await screenshotInBothThemes(page.getByRole('menu'), 'episodes-action-menu');
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await page.getByText('Episode duplicated successfully!').waitFor();
      await showing('Showing 1–2 of 2');
      await expectFirstTitles([`${title} (Copy)`, title]);

      await menuOf(`${title} (Copy)`).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Episode' });
      await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
      await expectAccessibleInBothThemes(page, 'the delete confirmation');
      await screenshotInBothThemes(dialog, 'episodes-delete-confirmation');
      await dialog.getByRole('button', { name: 'Delete Episode' }).click();
      await page.getByText('Episode deleted successfully').waitFor();
      await showing('Showing 1–1 of 1');
      expect((await api.ok<EpisodeListPage>('GET', `/api/podcasts/${podcast.id}/episodes`)).counts.all).toBe(
        200,
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "schedules a draft for tomorrow 09:00 in the creator's timezone, refuses a past moment, and cancels it",
    async () => {
      const seed = plan[129];
      const episode = episodes[129];
      if (!seed || !episode) throw new Error('The seed has no episode 130');
      await open(`?search=${encodeURIComponent('Episode 130')}`);
      await showing('Showing 1–1 of 1');
      await menuOf(seed.input.title).click();
      await page.getByRole('menuitem', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule Episode' });
      const inCreatorZone = (instant: Date, options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: CREATOR_TIME_ZONE, ...options }).format(instant);
      const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
      const today = inCreatorZone(new Date(), day);
      const tomorrow = inCreatorZone(new Date(Date.now() + 86_400_000), day);
      expect(await dialog.getByLabel('Date').inputValue()).toBe(tomorrow);
      expect(await dialog.getByLabel('Time').inputValue()).toBe('09:00');
      expect(await dialog.getByLabel('Date').getAttribute('min')).toBe(today);
      await dialog.getByText(`Times are in your timezone, ${CREATOR_TIME_ZONE}.`).waitFor();
      await expectAccessibleInBothThemes(page, 'the schedule form');
      await screenshotInBothThemes(dialog, 'episodes-schedule');

      await dialog.getByLabel('Date').fill(today);
      await dialog.getByLabel('Time').fill('00:00');
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      await dialog.getByText('Scheduled date must be in the future').waitFor();
      await expectAccessibleInBothThemes(page, 'the schedule form refusing a past moment');

      await dialog.getByLabel('Date').fill(tomorrow);
      await dialog.getByLabel('Time').fill('09:00');
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      const scheduledMessage = page.getByText(/^Episode scheduled for /);
      await scheduledMessage.or(dialog.getByRole('alert')).first().waitFor();
      expect(await dialog.getByRole('alert').allTextContents()).toEqual([]);
      await scheduledMessage.waitFor();
      const scheduled = await api.ok<Episode>('GET', `/api/episodes/${episode.id}`);
      expect(scheduled.status).toBe('scheduled');
      const at = new Date(scheduled.scheduledReleaseDate ?? '');
      expect(inCreatorZone(at, { ...day, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })).toBe(
        `${tomorrow}, 09:00`,
      );
      await page.getByRole('list', { name: 'Episodes' }).getByText('Scheduled', { exact: true }).waitFor();

      await menuOf(seed.input.title).click();
      await page.getByRole('menuitem', { name: 'Cancel Schedule' }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel Schedule' });
      await confirm.getByRole('button', { name: 'Keep Schedule' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the cancel schedule confirmation');
      await confirm.getByRole('button', { name: 'Cancel Schedule' }).click();
      await page.getByText('Schedule canceled').waitFor();
      await page.getByRole('list', { name: 'Episodes' }).getByText('Draft', { exact: true }).waitFor();
      expect((await api.ok<Episode>('GET', `/api/episodes/${episode.id}`)).scheduledReleaseDate).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shares a published episode: its public link copied with Copied!, three share intents and the embed code',
    async () => {
      const published = episodes.find(
        (episode) => episode.status === 'published' && episode.episodeNumber === 120,
      );
      if (!published) throw new Error('The seed has no published audio episode');
      await open(`?search=${encodeURIComponent(published.title)}`);
      await menuOf(published.title).click();
      await page.getByRole('menuitem', { name: 'Share' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share Episode' });
      const link = `${app.running.url}/episode/${published.id}`;
      expect(await dialog.getByLabel('Public link').inputValue()).toBe(link);
      for (const network of ['X (Twitter)', 'Facebook', 'LinkedIn']) {
        const intent = dialog.getByRole('link', { name: network });
        expect(await intent.getAttribute('target')).toBe('_blank');
        expect(await intent.getAttribute('href')).toContain(encodeURIComponent(link));
      }
      const embed = await dialog.getByLabel('Embed player').inputValue();
      expect(embed).toContain(`src="${app.running.url}/embed/audio?title=`);
      expect(embed).toContain('height="130"');
      expect(embed).toContain('width="100%"');
      await expectAccessibleInBothThemes(page, 'the share modal');
      await screenshotInBothThemes(dialog, 'episodes-share');

      await dialog.getByRole('button', { name: 'Copy link' }).click();
      await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await dialog.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 5_000 });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'plays a video episode in the video player modal',
    async () => {
      await open('?media=video');
      await showingFirstPageOf(count((seed) => seed.media === 'video'));
      const [title] = await listTitles();
      await page.getByRole('button', { name: `Play video: ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.locator('video').waitFor();
      await screenshotInBothThemes(dialog, 'episodes-video');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows 'Failed to load episodes' with Retry, and an action's failure in the spec's words",
    async () => {
      const listRequests = `${app.running.url}/api/podcasts/${podcast.id}/episodes?*`;
      await page.route(listRequests, (route) => route.fulfill({ status: 503 }));
      await page.goto(`${app.running.url}/p/${podcast.id}/episodes`);
      await page.getByRole('heading', { name: episodeMessages.loadFailed }).waitFor();
      await expectAccessibleInBothThemes(page, 'All Episodes failing to load');
      await screenshotInBothThemes(page.getByRole('main'), 'episodes-load-failure');
      await page.unroute(listRequests);
      await page.getByRole('button', { name: 'Retry' }).click();
      await showing('Showing 1–20 of 200');

      const [title] = await listTitles();
      await page.route('**/duplicate', (route) => route.fulfill({ status: 500 }));
      await menuOf(title ?? '').click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await page.getByRole('alert').getByText(episodeMessages.duplicateFailed).waitFor();
      await page.unroute('**/duplicate');
      await showing('Showing 1–20 of 200');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows a viewer the episodes without Upload Episode, edits or deletes: only view, share, embed, analytics, download',
    async () => {
      await api.ok('POST', `/api/podcasts/${podcast.id}/contributors`, {
        email: 'vera@example.com',
        role: 'viewer',
      });
      const viewerContext = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const ownerPage = page;
      try {
        page = await viewerContext.newPage();
        page.setDefaultTimeout(30_000);
        await signUp(page, app.running.url, 'vera@example.com');
        await page.waitForURL(`${app.running.url}/onboarding?mode=profile-creation`);
        await (
          await browserApi(page, app.running.url)
        ).ok('POST', '/api/profile', { firstName: 'Vera', lastName: 'Viewer', username: 'vera' });

        await open('?status=published');
        await showingFirstPageOf(count((seed) => seed.input.status === 'published'));
        await page.getByText(/^Morning Signals · /).waitFor();
        const [title] = await listTitles();
        expect(await page.getByRole('link', { name: 'Upload Episode' }).count()).toBe(0);
        expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(0);
        await menuOf(title ?? '').click();
        await page.getByRole('menuitem', { name: 'Share' }).waitFor();
        const items = await page.getByRole('menuitem').allTextContents();
        expect(items.sort()).toEqual(['Analytics', 'Download', 'Embed', 'Share', 'View']);
        await expectAccessibleInBothThemes(page, 'the action menu of a viewer');
      } finally {
        page = ownerPage;
        await viewerContext.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
