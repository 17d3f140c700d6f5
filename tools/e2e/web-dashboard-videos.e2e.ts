/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import type { Episode, MediaFile, Podcast } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import type { ApiClient } from './support/api-client.js';
import { apiOfDevice, uploadSeedMedia } from './support/episode-seed.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { uploadWebmVideo } from './support/video-seed.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, signUp } from './support/web-journey.js';

// The Dashboard Overview and the Videos page in a real browser, over episodes and a 30-second WebM video made with
// ffmpeg and uploaded through tus: empty states, tiles, recent episodes, the load failures, the video cards, the
// player's keyboard controls, a trim and an audio export rendered by the media service to their downloads, a
// refused short, and what a viewer does not get.

const JOURNEY_TIMEOUT_MS = 240_000;
/** The episode list requests (the dashboard's and the Videos page's), to answer them with an error. */
const EPISODE_LIST = /\/api\/podcasts\/[^/]+\/episodes\?/;
const LONG_TITLE =
  'A very long conversation about the signals that shape the morning news, with three guests';

describe('Dashboard Overview and Videos', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let podcast: Podcast;
  let emptyPodcast: Podcast;
  let created: Episode[];
  let video: MediaFile;

  const open = async (target: Podcast, segment: 'dashboard' | 'videos', heading: string) => {
    await page.goto(`${app.running.url}/p/${target.id}/${segment}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  };
  const player = () => page.getByRole('group', { name: `Video player: ${LONG_TITLE}` });
  const videoState = () =>
    player()
      .locator('video')
      .evaluate((element: HTMLVideoElement) => ({
        paused: element.paused,
        time: element.currentTime,
        muted: element.muted,
        volume: element.volume,
      }));

  beforeAll(async () => {
    app = await startWebAppUnderTest('webdashvideos');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals', 'Quiet Hours']);
    [podcast, emptyPodcast] = creator.podcasts as [Podcast, Podcast];
    api = apiOfDevice(creator.storageState, app.running.url);
    const seedMedia = await uploadSeedMedia(api);
    video = await uploadWebmVideo(api);

    // Seven episodes, oldest first: the dashboard shows the five newest. The newest is the long-titled video.
    const inputs = [
      { title: 'First light', mediaId: seedMedia.audio.id, status: 'published' },
      { title: 'Second wind' },
      { title: 'Third rail', mediaId: seedMedia.audio.id },
      { title: 'Fourth wall' },
      { title: 'Fifth season', mediaId: seedMedia.video.id, enableVideo: true },
      { title: 'Sixth sense' },
      { title: LONG_TITLE, mediaId: video.id, enableVideo: true, status: 'published' },
    ];
    created = [];
    for (const input of inputs) {
      created.push(await api.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, input));
    }

    context = await app.browser.newContext({
      storageState: creator.storageState,
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    'greets a podcast onboarding just made once, and shows the empty states of a podcast without episodes',
    async () => {
      await page.goto(`${app.running.url}/`);
      await page.evaluate(() => window.localStorage.setItem('justCompletedOnboarding', 'true'));
      await open(emptyPodcast, 'dashboard', 'Dashboard Overview');
      await page.getByText('Welcome to Quiet Hours! Your podcast is ready.').waitFor();
      await page.getByText('Quiet Hours · 0 episodes').waitFor();
      const tiles = page.getByRole('list').filter({ hasText: 'Total Episodes' });
      const feed = await api.call('GET', `/api/podcasts/${emptyPodcast.id}/feed`);
      await tiles.getByText(feed.status === 200 ? 'Active' : 'Not Set', { exact: true }).waitFor();
      await tiles.getByText('Complete', { exact: true }).waitFor();
      expect(await tiles.getByRole('listitem').count()).toBe(3);
      await page.getByText('No Analytics Data').waitFor();
      expect(await page.getByRole('link', { name: 'View All analytics' }).getAttribute('href')).toBe(
        `/p/${emptyPodcast.id}/analytics`,
      );
      await page.getByText('No episodes yet').waitFor();
      const uploadLinks = page.getByRole('link', { name: 'Upload Episode' });
      expect(await uploadLinks.count()).toBe(2);
      expect(await uploadLinks.first().getAttribute('href')).toBe(`/p/${emptyPodcast.id}/upload`);
      expect(await page.getByRole('region', { name: 'Videos' }).count()).toBe(0);
      expect(await page.title()).toBe('Dashboard Overview · Castbase');
      await expectAccessibleInBothThemes(page, 'Dashboard Overview without episodes');
      await screenshotInBothThemes(page.getByRole('main'), 'dashboard-empty');

      await page.reload();
      await page.getByText('Quiet Hours · 0 episodes').waitFor();
      expect(await page.getByText('Welcome to Quiet Hours!', { exact: false }).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the tiles, the five newest episodes with Edit opening the editor, and the video widget',
    async () => {
      await open(podcast, 'dashboard', 'Dashboard Overview');
      await page.getByText('Morning Signals · 7 episodes').waitFor();
      const recent = page.getByRole('region', { name: 'Recent Episodes' });
      const rows = recent.getByRole('listitem');
      await waitFor('five recent episodes', async () => (await rows.count()) === 5);
      const newestFirst = [...created].reverse().slice(0, 5);
      for (const [index, episode] of newestFirst.entries()) {
        await rows.nth(index).getByText(episode.title, { exact: true }).waitFor();
      }
      await rows.nth(0).getByText('Published').waitFor();
      await rows.nth(1).getByText('Draft').waitFor();

      const widget = page.getByRole('region', { name: 'Videos' });
      await widget.getByRole('button', { name: `Play ${LONG_TITLE}` }).waitFor();
      expect(await widget.getByRole('listitem').count()).toBe(2);
      await expectAccessibleInBothThemes(page, 'Dashboard Overview with episodes');
      await screenshotInBothThemes(page.getByRole('main'), 'dashboard-episodes');

      const playFromWidget = widget.getByRole('button', { name: 'Play Fifth season' });
      await playFromWidget.click();
      const dialog = page.getByRole('dialog', { name: 'Fifth season' });
      await dialog.getByRole('group', { name: 'Video player: Fifth season' }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await waitFor('focus back on the card', () =>
        playFromWidget.evaluate((element) => element === document.activeElement),
      );

      await recent.getByRole('link', { name: `Edit ${newestFirst[1]?.title ?? ''}` }).click();
      await page.waitForURL(`${app.running.url}/p/${podcast.id}/episodes/${newestFirst[1]?.id ?? ''}/edit`);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "says 'Failed to load dashboard' when the episodes cannot be read, and Try Again loads them",
    async () => {
      await page.route(EPISODE_LIST, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
      );
      await open(podcast, 'dashboard', 'Dashboard Overview');
      await page.getByRole('alert').getByText('Failed to load dashboard').waitFor();
      await expectAccessibleInBothThemes(page, 'Dashboard Overview load failure');
      await screenshotInBothThemes(page.getByRole('main'), 'dashboard-failure');
      await page.unroute(EPISODE_LIST);
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.getByText('Morning Signals · 7 episodes').waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows 'No Video Episodes' for a podcast without videos, and 'Failed to load video' with Retry",
    async () => {
      await open(emptyPodcast, 'videos', 'Videos');
      await page.getByText('No Video Episodes').waitFor();
      await expectAccessibleInBothThemes(page, 'Videos without video episodes');
      await screenshotInBothThemes(page.getByRole('main'), 'videos-empty');

      await page.route(EPISODE_LIST, (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
      );
      await open(podcast, 'videos', 'Videos');
      await page.getByRole('alert').getByText('Failed to load video').waitFor();
      await expectAccessibleInBothThemes(page, 'Videos load failure');
      await page.unroute(EPISODE_LIST);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('button', { name: `Play ${LONG_TITLE}` }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lays video cards out 200, 300 and 400 px wide with titles cut at 30, 50 and 70 characters',
    async () => {
      await open(podcast, 'videos', 'Videos');
      await page.getByText('2 video episodes').waitFor();
      const card = page.locator('[data-video-card]').first();
      for (const [size, width, maxChars] of [
        ['Large', 400, 70],
        ['Small', 200, 30],
        ['Medium', 300, 50],
      ] as const) {
        await page.getByText(size, { exact: true }).click();
        expect(await page.getByRole('radio', { name: size }).isChecked()).toBe(true);
        await waitFor(
          `${size} cards`,
          async () => Math.round((await card.boundingBox())?.width ?? 0) === width,
        );
        const shown = await card.locator('[data-video-title] [aria-hidden]').textContent();
        expect(Array.from(shown ?? '')).toHaveLength(maxChars);
        expect(shown?.endsWith('…')).toBe(true);
        expect(await card.locator('[data-video-title]').getAttribute('title')).toBe(LONG_TITLE);
      }
      await expectAccessibleInBothThemes(page, 'Videos grid');
      await screenshotInBothThemes(page.getByRole('main'), 'videos-grid');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'plays in a dialog where Space, M, F and Left/Right work while the player has focus, and Escape closes it',
    async () => {
      await open(podcast, 'videos', 'Videos');
      await page.getByRole('button', { name: `Play ${LONG_TITLE}` }).click();
      const dialog = page.getByRole('dialog', { name: LONG_TITLE });
      await dialog.waitFor();
      await waitFor('the player to have focus', () =>
        player().evaluate((element) => element === document.activeElement),
      );
      await waitFor('the video to be loaded', async () =>
        player()
          .locator('video')
          .evaluate((element: HTMLVideoElement) => element.readyState >= 1),
      );

      await page.keyboard.press('Space');
      await waitFor('the video to play', async () => !(await videoState()).paused);
      await page.keyboard.press('Space');
      await waitFor('the video to pause', async () => (await videoState()).paused);

      const start = (await videoState()).time;
      await page.keyboard.press('ArrowRight');
      await waitFor(
        'a 10 s step forward',
        async () => Math.abs((await videoState()).time - (start + 10)) < 0.5,
      );
      await page.keyboard.press('ArrowLeft');
      await waitFor('a 10 s step back', async () => Math.abs((await videoState()).time - start) < 0.5);

      await page.keyboard.press('m');
      await waitFor('muted', async () => (await videoState()).muted);
      await dialog.getByRole('button', { name: 'Unmute' }).waitFor();
      await page.keyboard.press('m');
      await waitFor('unmuted', async () => !(await videoState()).muted);

      await dialog.getByRole('slider', { name: 'Volume' }).focus();
      await page.keyboard.press('ArrowLeft');
      await waitFor(
        'the volume one step down',
        async () => Math.abs((await videoState()).volume - 0.9) < 0.01,
      );
      await player().focus();

      await page.keyboard.press('f');
      await waitFor('full screen', () => page.evaluate(() => document.fullscreenElement !== null));
      await dialog.getByRole('button', { name: 'Exit full screen' }).waitFor();
      await page.keyboard.press('f');
      await waitFor('full screen left', () => page.evaluate(() => document.fullscreenElement === null));

      await expectAccessibleInBothThemes(page, 'Video dialog');
      await screenshotInBothThemes(dialog, 'video-dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await waitFor('focus back on the card', () =>
        page
          .getByRole('button', { name: `Play ${LONG_TITLE}` })
          .evaluate((element) => element === document.activeElement),
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'trims the video with the media service and offers the trimmed file for download',
    async () => {
      await open(podcast, 'videos', 'Videos');
      await page.getByRole('button', { name: `Play ${LONG_TITLE}` }).click();
      const dialog = page.getByRole('dialog', { name: LONG_TITLE });
      await dialog.getByRole('tab', { name: 'Trim' }).waitFor();

      await dialog.getByLabel('Start').fill('8');
      await dialog.getByLabel('End').fill('3');
      await dialog.getByRole('button', { name: 'Trim Video' }).click();
      await dialog.getByText('Trim end must be greater than trim start').waitFor();
      await expectAccessibleInBothThemes(page, 'Trim form with an error');

      await dialog.getByLabel('End').fill('14');
      await dialog.getByRole('button', { name: 'Trim Video' }).click();
      const download = dialog.getByRole('link', { name: 'Download Trim 0:08 to 0:14' });
      await download.waitFor({ timeout: 120_000 });
      await expectAccessibleInBothThemes(page, 'Trim finished with its download');
      const renders = dialog.getByRole('region', { name: 'Renders' });
      await renders.scrollIntoViewIfNeeded();
      await screenshotInBothThemes(renders, 'video-trim-done');

      const href = (await download.getAttribute('href')) ?? '';
      const file = await fetch(new URL(href, app.running.url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('video/mp4');
      const media = await api.ok<MediaFile>('GET', `/api/media/${video.id}`);
      const trim = media.outputs.find((output) => output.role.startsWith('trim-'));
      expect(trim?.durationSeconds).toBe(6);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "exports the video's sound as an MP3, and shows the media service's refusal of a short past the end",
    async () => {
      await open(podcast, 'videos', 'Videos');
      await page.getByRole('button', { name: `Play ${LONG_TITLE}` }).click();
      const dialog = page.getByRole('dialog', { name: LONG_TITLE });

      await dialog.getByRole('tab', { name: 'Create Short' }).click();
      await dialog.getByLabel('Start').fill('45');
      await dialog.getByLabel('Length').fill('20');
      await dialog.getByRole('button', { name: 'Create Short' }).click();
      await dialog.getByRole('alert').getByText('The start is past the end of the video').waitFor();
      await dialog.getByLabel('Length').fill('75');
      await dialog.getByRole('button', { name: 'Create Short' }).click();
      await dialog.getByText('A short is at most 60 seconds').waitFor();
      await expectAccessibleInBothThemes(page, 'Create Short with a refusal');

      await dialog.getByRole('tab', { name: 'Export' }).click();
      await dialog.getByRole('radio', { name: 'Audio' }).check();
      await dialog.getByRole('button', { name: 'Export Video' }).click();
      const download = dialog.getByRole('link', { name: 'Download Export audio (MP3)' });
      await download.waitFor({ timeout: 120_000 });
      const file = await fetch(new URL((await download.getAttribute('href')) ?? '', app.running.url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('audio/mpeg');
      await expectAccessibleInBothThemes(page, 'Export finished with its download');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows a viewer the dashboard and the videos without Upload Episode, Edit or the render forms',
    async () => {
      await api.ok('POST', `/api/podcasts/${podcast.id}/contributors`, {
        email: 'vera@example.com',
        role: 'viewer',
      });
      const viewerContext = await app.browser.newContext({
        colorScheme: 'light',
        viewport: { width: 1280, height: 900 },
      });
      try {
        const viewer = await viewerContext.newPage();
        viewer.setDefaultTimeout(30_000);
        await signUp(viewer, app.running.url, 'vera@example.com');
        await viewer.waitForURL(`${app.running.url}/onboarding?mode=profile-creation`);
        await (
          await browserApi(viewer, app.running.url)
        ).ok('POST', '/api/profile', { firstName: 'Vera', lastName: 'Viewer', username: 'vera' });

        await viewer.goto(`${app.running.url}/p/${podcast.id}/dashboard`);
        await viewer.getByText('Morning Signals · 7 episodes').waitFor();
        const recent = viewer.getByRole('region', { name: 'Recent Episodes' });
        await recent.getByText(LONG_TITLE, { exact: true }).waitFor();
        expect(await viewer.getByRole('link', { name: 'Upload Episode' }).count()).toBe(0);
        expect(await recent.getByRole('link', { name: /^Edit / }).count()).toBe(0);

        await viewer.goto(`${app.running.url}/p/${podcast.id}/videos`);
        await viewer.getByRole('button', { name: `Play ${LONG_TITLE}` }).click();
        const dialog = viewer.getByRole('dialog', { name: LONG_TITLE });
        await dialog.getByRole('group', { name: `Video player: ${LONG_TITLE}` }).waitFor();
        expect(await dialog.getByRole('tab').count()).toBe(0);
        expect(await viewer.getByRole('link', { name: 'Upload Episode' }).count()).toBe(0);
        await expectAccessibleInBothThemes(viewer, 'Video dialog of a viewer');
      } finally {
        await viewerContext.close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
