/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  mediaRuleMessages,
  profileMessages,
  uploadMessages,
  type MediaFile,
  type Podcast,
  type UserProfile,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import {
  noisePng,
  openAlbumArtStep,
  plainPng,
  recordedProgress,
  recordProgress,
  serverOffset,
  setUploadSpeed,
  storedUploadUrls,
  UNFINISHED_UPLOAD_KEY_PREFIX,
  waitForProgress,
} from './support/upload-journey.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, type DeviceStorage } from './support/web-journey.js';

// The upload component in a real browser against the all-in-one process: the avatar on the Profile Picture tab and
// album art in the onboarding wizard, sent over tus, paused, resumed after a reload from the bytes the server kept,
// cancelled, refused before a byte, and processed. Set E2E_SCREENSHOT_DIR to keep screenshots of each state.

const JOURNEY_TIMEOUT_MS = 180_000;
/** Slow enough that the 12 MB album art takes about 20 seconds to send, so it can be paused past its first chunk. */
const THROTTLED_UPLOAD_BYTES_PER_SECOND = 600 * 1024;
const ARTWORK_PROGRESS = 'Album art upload';
/**
 * The album art appears once the media service has processed it: the 2000 × 2000 noise PNG (12 MB) is compressed by
 * sharp, which took over the page's 30 s on CI with other suites on both cores.
 */
const PROCESSED_ART_TIMEOUT_MS = 120_000;

describe('uploading media with the upload component', () => {
  let app: WebAppUnderTest;
  let device: DeviceStorage;
  let context: BrowserContext;
  let page: Page;
  let files: string;
  let artPath: string;

  const open = (path: string) => page.goto(`${app.running.url}${path}`);
  const api = () => browserApi(page, app.running.url);
  const uploadRequests: { method: string; url: string; offset: string | undefined }[] = [];

  beforeAll(async () => {
    app = await startWebAppUnderTest('webmediaupload');
    ({ storageState: device } = await signedUpCreator(app.browser, app.running.url, []));
    files = await mkdtemp(join(tmpdir(), 'castbase-upload-files-'));
    // A file on disk keeps its modification time: choosing it again gives the same fingerprint, as for a person.
    artPath = join(files, 'art.png');
    await writeFile(artPath, await noisePng(2000));
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await app?.stop();
    if (files) await rm(files, { recursive: true, force: true });
  }, JOURNEY_TIMEOUT_MS);

  beforeEach(async () => {
    context = await app.browser.newContext({
      storageState: device,
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
    });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
    uploadRequests.length = 0;
    page.on('request', (request) => {
      if (!request.url().includes('/api/media/uploads')) return;
      uploadRequests.push({
        method: request.method(),
        url: request.url(),
        offset: request.headers()['upload-offset'],
      });
    });
  });

  afterEach(async () => {
    await context?.close();
  });

  it(
    `refuses a file of the wrong type with '${mediaRuleMessages.image.invalid}' before sending a byte`,
    async () => {
      await open('/profile');
      await page.getByRole('tab', { name: 'Profile Picture' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Profile Picture' });
      await panel.getByText('JPEG, PNG, WebP or GIF, up to 50MB').waitFor();
      await screenshotInBothThemes(panel, 'avatar-idle');

      await page.getByLabel('Avatar').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
      await page.getByRole('alert').filter({ hasText: mediaRuleMessages.image.invalid }).waitFor();
      expect(uploadRequests).toEqual([]);
      await expectAccessibleInBothThemes(page, 'the Profile Picture tab with a refused file');
      await screenshotInBothThemes(panel, 'avatar-refused');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'uploads an avatar over tus, follows its processing and makes the processed picture the avatar',
    async () => {
      await open('/profile');
      await page.getByRole('tab', { name: 'Profile Picture' }).click();
      await page
        .getByLabel('Avatar')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await plainPng(600) });

      await page.getByText(profileMessages.pictureUpdated).waitFor();
      const panel = page.getByRole('tabpanel', { name: 'Profile Picture' });
      await panel.getByRole('img', { name: 'Avatar' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the Profile Picture tab with an uploaded avatar');
      await screenshotInBothThemes(panel, 'avatar-done');

      expect(uploadRequests.map(({ method }) => method)).toEqual(['POST', 'PATCH']);
      const ada = await api();
      const { profile } = await ada.ok<{ profile: UserProfile }>('GET', '/api/profile');
      const media = await ada.ok<MediaFile>('GET', `/api/media/${profile.avatarMediaId}`);
      expect(media).toMatchObject({ status: 'ready', purpose: 'avatar', width: 400, height: 400 });
      expect(profile.avatarUrl).toBe(media.url);
      expect(media.outputs.find((output) => output.url === media.url)?.role).toBe('variant-400');
      expect(await panel.getByRole('img', { name: 'Avatar' }).getAttribute('src')).toBe(media.url);
      expect(await storedUploadUrls(page)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'pauses album art mid-way, resumes it after a reload from the bytes the server kept, and shows the processed art',
    async () => {
      const { size } = await stat(artPath);
      const cdp = await context.newCDPSession(page);
      await openAlbumArtStep(page, app.running.url);
      const wizard = page.locator('.mantine-Paper-root').filter({ hasText: 'Step 3 of 4' });
      await screenshotInBothThemes(wizard, 'art-idle');
      await setUploadSpeed(cdp, THROTTLED_UPLOAD_BYTES_PER_SECOND);

      await page.getByLabel('Album art').setInputFiles(artPath);
      await waitForProgress(page, ARTWORK_PROGRESS, 10);
      await page.getByText(/^\d+% · [\d.]+ MB of [\d.]+ MB · [\d.]+ [kM]B\/s · \d+ sec left$/).waitFor();
      await expectAccessibleInBothThemes(page, 'album art while it uploads');
      await screenshotInBothThemes(wizard, 'art-uploading');
      // Past the first 5 MB chunk, so the server holds bytes whatever it does with a chunk cut short.
      await waitForProgress(page, ARTWORK_PROGRESS, 50);
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('button', { name: 'Resume' }).waitFor();
      await page
        .getByRole('status')
        .filter({ hasText: uploadMessages.paused })
        .waitFor({ state: 'attached' });
      const [uploadUrl] = await storedUploadUrls(page);
      expect(uploadUrl).toBeDefined();
      const pausedAt = await serverOffset(page, uploadUrl!);
      expect(pausedAt).toBeGreaterThanOrEqual(5 * 1024 * 1024);
      expect(pausedAt).toBeLessThan(size);
      await expectAccessibleInBothThemes(page, 'album art paused');
      await screenshotInBothThemes(wizard, 'art-paused');

      // A reload loses the wizard's answers but not the upload: the device and the server both still have it.
      await page.reload();
      await openAlbumArtStep(page, app.running.url);
      expect(await serverOffset(page, uploadUrl!)).toBe(pausedAt);
      const pausedPercent = Math.floor((pausedAt! / size) * 100);
      await page.getByText(`art.png stopped at ${pausedPercent}%`).waitFor();
      await expectAccessibleInBothThemes(page, 'the album art step with an unfinished upload');
      await screenshotInBothThemes(wizard, 'art-interrupted');

      uploadRequests.length = 0;
      await recordProgress(page, ARTWORK_PROGRESS);
      await page.getByLabel('Album art').setInputFiles(artPath);
      await waitForProgress(page, ARTWORK_PROGRESS, pausedPercent + 5);
      await page
        .getByRole('status')
        .filter({ hasText: uploadMessages.resumed })
        .waitFor({ state: 'attached' });
      // No new upload: the server was asked what it has (HEAD), and the bytes continue from there.
      expect(uploadRequests.filter(({ method }) => method === 'POST')).toEqual([]);
      expect(uploadRequests.find(({ method }) => method !== 'HEAD')).toMatchObject({ method: 'PATCH' });
      expect(uploadRequests.find(({ method }) => method === 'HEAD')).toMatchObject({ url: uploadUrl });
      expect(uploadRequests.find(({ method }) => method === 'PATCH')).toMatchObject({
        url: uploadUrl,
        offset: String(pausedAt),
      });
      const seen = await recordedProgress(page);
      expect(seen.length).toBeGreaterThan(0);
      expect(Math.min(...seen)).toBeGreaterThanOrEqual(pausedPercent);

      await setUploadSpeed(cdp, null);
      await page.getByRole('img', { name: 'Album art' }).waitFor({ timeout: PROCESSED_ART_TIMEOUT_MS });
      await page.getByRole('button', { name: 'Remove' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the album art step with processed art');
      await screenshotInBothThemes(wizard, 'art-done');
      expect(await storedUploadUrls(page)).toEqual([]);

      const mediaId = new URL(uploadUrl!).pathname.split('/').pop();
      const media = await (await api()).ok<MediaFile>('GET', `/api/media/${mediaId}`);
      expect(media).toMatchObject({ status: 'ready', purpose: 'podcast-art', width: 2000, height: 2000 });
      expect(await page.getByRole('img', { name: 'Album art' }).getAttribute('src')).toBe(media.url);

      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Step 4 of 4').waitFor();
      await page.getByRole('button', { name: 'Create podcast' }).click();
      await page.waitForURL(/\/p\/[0-9a-f-]{36}\/dashboard$/);
      const podcastId = new URL(page.url()).pathname.split('/')[2];
      const podcast = await (await api()).ok<Podcast>('GET', `/api/podcasts/${podcastId}`);
      expect(podcast).toMatchObject({ artworkMediaId: mediaId, artworkUrl: media.url });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    `stops on a lost connection with '${uploadMessages.requestFailed}', and Retry continues from the bytes the server has`,
    async () => {
      const cdp = await context.newCDPSession(page);
      await openAlbumArtStep(page, app.running.url);
      await setUploadSpeed(cdp, THROTTLED_UPLOAD_BYTES_PER_SECOND);
      await page.getByLabel('Album art').setInputFiles(artPath);
      await waitForProgress(page, ARTWORK_PROGRESS, 50);

      await setUploadSpeed(cdp, 'offline');
      await page.getByRole('alert').filter({ hasText: uploadMessages.requestFailed }).waitFor();
      await setUploadSpeed(cdp, THROTTLED_UPLOAD_BYTES_PER_SECOND);
      const [uploadUrl] = await storedUploadUrls(page);
      const kept = await serverOffset(page, uploadUrl!);
      expect(kept).toBeGreaterThanOrEqual(5 * 1024 * 1024);
      await expectAccessibleInBothThemes(page, 'album art whose upload lost its connection');
      const wizard = page.locator('.mantine-Paper-root').filter({ hasText: 'Step 3 of 4' });
      await screenshotInBothThemes(wizard, 'art-connection-lost');

      uploadRequests.length = 0;
      await setUploadSpeed(cdp, null);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('img', { name: 'Album art' }).waitFor({ timeout: PROCESSED_ART_TIMEOUT_MS });
      expect(uploadRequests.filter(({ method }) => method === 'POST')).toEqual([]);
      expect(uploadRequests.find(({ method }) => method === 'PATCH')).toMatchObject({
        url: uploadUrl,
        offset: String(kept),
      });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'discards an unfinished upload found after a reload: it is deleted on the server and forgotten on the device',
    async () => {
      const cdp = await context.newCDPSession(page);
      await openAlbumArtStep(page, app.running.url);
      await setUploadSpeed(cdp, THROTTLED_UPLOAD_BYTES_PER_SECOND);
      await page.getByLabel('Album art').setInputFiles(artPath);
      await waitForProgress(page, ARTWORK_PROGRESS, 10);
      await page.getByRole('button', { name: 'Pause' }).click();
      await page.getByRole('button', { name: 'Resume' }).waitFor();
      const [uploadUrl] = await storedUploadUrls(page);

      await page.reload();
      await openAlbumArtStep(page, app.running.url);
      const notice = page.getByRole('status').filter({ hasText: 'Unfinished upload' });
      await notice.getByRole('button', { name: 'Discard' }).click();
      await notice.waitFor({ state: 'detached' });
      expect(await storedUploadUrls(page)).toEqual([]);
      expect(await serverOffset(page, uploadUrl!)).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'cancels an upload: it is deleted on the server and forgotten on the device',
    async () => {
      const cdp = await context.newCDPSession(page);
      await openAlbumArtStep(page, app.running.url);
      await setUploadSpeed(cdp, THROTTLED_UPLOAD_BYTES_PER_SECOND);
      await page.getByLabel('Album art').setInputFiles(artPath);
      await waitForProgress(page, ARTWORK_PROGRESS, 10);
      const [uploadUrl] = await storedUploadUrls(page);

      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: /Drag an image here/ }).waitFor();
      await page.waitForFunction(
        (prefix) => !Object.keys(window.localStorage).some((key) => key.startsWith(prefix)),
        UNFINISHED_UPLOAD_KEY_PREFIX,
      );
      expect(uploadRequests.filter(({ method }) => method === 'DELETE')).toEqual([
        { method: 'DELETE', url: uploadUrl, offset: undefined },
      ]);
      expect(await serverOffset(page, uploadUrl!)).toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows why processing failed (album art of the wrong size), runs the job again on Retry, and deletes the file on Choose another file',
    async () => {
      await openAlbumArtStep(page, app.running.url);
      await page
        .getByLabel('Album art')
        .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await plainPng(1000) });

      const failure = page.getByRole('alert').filter({ hasText: uploadMessages.processingFailed });
      await failure.getByText(/this image is 1000x1000/).waitFor();
      await expectAccessibleInBothThemes(page, 'album art whose processing failed');
      const wizard = page.locator('.mantine-Paper-root').filter({ hasText: 'Step 3 of 4' });
      await screenshotInBothThemes(wizard, 'art-processing-failed');

      const mediaId = new URL(uploadRequests.find(({ method }) => method === 'PATCH')!.url).pathname
        .split('/')
        .pop();
      const ada = await api();
      const [failedJob] = (await ada.ok<MediaFile>('GET', `/api/media/${mediaId}`)).jobs;
      expect(failedJob).toMatchObject({ status: 'failed' });

      const retried = page.waitForResponse((response) =>
        response.url().endsWith(`/api/media/${mediaId}/jobs/${failedJob!.id}/retry`),
      );
      await failure.getByRole('button', { name: 'Retry' }).click();
      expect((await retried).status()).toBe(202);
      // The same file fails the same way again: the job ran once more, and its reason is back with Retry.
      await waitFor(
        'the retried job to fail again',
        async () => {
          const [job] = (await ada.ok<MediaFile>('GET', `/api/media/${mediaId}`)).jobs;
          return job?.status === 'failed' && job.updatedAt > failedJob!.updatedAt ? job : undefined;
        },
        { timeoutMs: 20_000, intervalMs: 200 },
      );
      await failure.getByText(/this image is 1000x1000/).waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('button')].some(
          (button) => button.textContent === 'Retry' && !button.disabled && !button.dataset['loading'],
        ),
      );

      // Giving up on it deletes the file, and the drop-zone is back.
      await failure.getByRole('button', { name: 'Choose another file' }).click();
      await page.getByRole('button', { name: /Drag an image here/ }).waitFor();
      await waitFor(
        'the failed file to be deleted',
        async () => (await ada.call('GET', `/api/media/${mediaId}`)).status === 404,
        { timeoutMs: 10_000, intervalMs: 200 },
      );
    },
    JOURNEY_TIMEOUT_MS,
  );
});
