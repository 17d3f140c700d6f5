/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { episodeMessages, type Contributor, type Episode, type Podcast } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import type { ApiClient } from './support/api-client.js';
import {
  choose as chooseIn,
  episodeTitled as episodeTitledIn,
  invitedContributor,
  renderJourneyMedia,
  versionsOf as versionsOfIn,
  type JourneyMedia,
} from './support/episode-editor-journey.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, type DeviceStorage } from './support/web-journey.js';

// The Upload Episode screen, the episode editor with its version history, and the preview, in a real browser against
// the all-in-one process: real MP3s (ffmpeg) sent over tus and processed, episodes created, saved, restored and
// refused on a conflicting save, and a viewer who only reads. Set E2E_SCREENSHOT_DIR to keep screenshots.

const JOURNEY_TIMEOUT_MS = 240_000;

describe('uploading and editing episodes', () => {
  let app: WebAppUnderTest;
  let device: DeviceStorage;
  let podcast: Podcast;
  let context: BrowserContext;
  let page: Page;
  let files: string;
  let media: JourneyMedia;
  /** The draft the second test saves, edited by the tests after it. */
  let draftId: string;

  const open = (path: string) => page.goto(`${app.running.url}${path}`);
  const api = (): Promise<ApiClient> => browserApi(page, app.running.url);
  const editPath = (episodeId: string) => `/p/${podcast.id}/episodes/${episodeId}/edit`;
  const episodeTitled = async (title: string) => episodeTitledIn(await api(), podcast.id, title);
  const versionsOf = async (episodeId: string) => versionsOfIn(await api(), episodeId);
  const choose = (label: string, option: string) => chooseIn(page, label, option);
  const openEditor = async (episodeId: string) => {
    await open(editPath(episodeId));
    await page.getByRole('heading', { level: 1, name: 'Edit Episode' }).waitFor();
  };

  beforeAll(async () => {
    app = await startWebAppUnderTest('webepisodeeditor');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Signal Hour']);
    device = creator.storageState;
    podcast = creator.podcasts[0]!;
    files = await mkdtemp(join(tmpdir(), 'castbase-episode-editor-'));
    media = await renderJourneyMedia(files);
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
  });

  afterEach(async () => {
    await context?.close();
  });

  it(
    "uploads an MP3, prefills its title from the file name and the next episode number, and publishes it: the dashboard says 'Episode published successfully!'",
    async () => {
      await open('/');
      // An earlier episode numbered 4: the next one is 5.
      await (
        await api()
      ).ok('POST', `/api/podcasts/${podcast.id}/episodes`, { title: 'Pilot', episodeNumber: 4 });

      await open(`/p/${podcast.id}/upload`);
      await page.getByRole('heading', { level: 1, name: 'Upload Episode' }).waitFor();
      const publish = page.getByRole('button', { name: 'Publish Episode' });
      await page.getByText(episodeMessages.uploadMediaRequired).waitFor();
      await page.getByText(episodeMessages.uploadTitleRequired).waitFor();
      expect(await publish.isDisabled()).toBe(true);
      expect(await page.getByRole('textbox', { name: 'Episode number' }).inputValue()).toBe('5');
      expect(await page.getByRole('textbox', { name: 'Season' }).inputValue()).toBe('1');
      expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe(
        'Publish Now',
      );
      await expectAccessibleInBothThemes(page, 'the Upload Episode screen before a file');
      await screenshotInBothThemes(page.locator('main'), 'upload-idle');

      await page.getByLabel('Episode audio or video').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not audio'),
      });
      await page.getByRole('alert').filter({ hasText: episodeMessages.unsupportedFileType }).waitFor();

      await page.getByLabel('Episode audio or video').setInputFiles(media.firstMp3);
      await waitFor('the title to be prefilled from the file name', async () =>
        (await page.getByRole('textbox', { name: 'Episode title' }).inputValue()) === 'first-light'
          ? true
          : undefined,
      );
      await page.getByText('The audio is ready').waitFor();
      expect(
        await page
          .getByRole('progressbar', { name: 'Episode upload progress' })
          .getAttribute('aria-valuenow'),
      ).toBe('60');
      await page.getByText('Duration', { exact: true }).waitFor();
      await page
        .getByRole('textbox', { name: 'Description' })
        .fill('The first light of the morning, in tones.');
      await page.getByRole('combobox', { name: 'Tags' }).pressSequentially('morning,tones,');
      await expectAccessibleInBothThemes(page, 'the Upload Episode screen with a processed MP3');
      await screenshotInBothThemes(page.locator('main'), 'upload-ready');

      await page.getByRole('button', { name: 'Continue to Podcasting 2.0' }).click();
      await page.getByRole('tab', { name: 'Podcasting 2.0', selected: true }).waitFor();
      await page.getByRole('button', { name: /^Chapters/ }).waitFor();
      await expectAccessibleInBothThemes(page, 'the Podcasting 2.0 tab of the Upload Episode screen');
      await screenshotInBothThemes(page.locator('main'), 'upload-podcasting20');

      await page.getByRole('button', { name: 'Publish Episode' }).click();
      await page.waitForURL(`${app.running.url}/p/${podcast.id}/dashboard`);
      await page.getByText(episodeMessages.published).waitFor();

      const published = await episodeTitled('first-light');
      expect(published).toMatchObject({
        status: 'published',
        episodeNumber: 5,
        seasonNumber: 1,
        description: 'The first light of the morning, in tones.',
        tags: ['morning', 'tones'],
        enableVideo: false,
      });
      expect(published.media?.fileName).toBe('first-light.mp3');
      expect(published.publishDate).not.toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'saves a second upload as a draft, which opens its edit screen after 1 s',
    async () => {
      await open(`/p/${podcast.id}/upload`);
      await page.getByLabel('Episode audio or video').setInputFiles(media.secondMp3);
      await page.getByText('The audio is ready').waitFor();
      expect(await page.getByRole('textbox', { name: 'Episode title' }).inputValue()).toBe('second wind');
      await choose('Status', 'Draft');
      const saved = Date.now();
      await page.getByRole('button', { name: 'Save Draft' }).click();
      await page.getByText('Draft saved. Opening its editor…').waitFor();
      await page.waitForURL(/\/episodes\/[0-9a-f-]{36}\/edit$/);
      expect(Date.now() - saved).toBeGreaterThanOrEqual(1000);
      await page.getByRole('heading', { level: 1, name: 'Edit Episode' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Episode title' }).inputValue()).toBe('second wind');
      draftId = new URL(page.url()).pathname.split('/')[4] ?? '';
      expect((await episodeTitled('second wind')).id).toBe(draftId);
      expect((await episodeTitled('second wind')).status).toBe('draft');
      await expectAccessibleInBothThemes(page, 'the episode editor of a draft');
      await screenshotInBothThemes(page.locator('main'), 'editor-draft');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'turns video on when a video replaces the audio, and shows the publish date only for a scheduled episode',
    async () => {
      await open(`/p/${podcast.id}/upload`);
      await page.getByLabel('Episode audio or video').setInputFiles(media.firstMp3);
      await page.getByText('The audio is ready').waitFor();
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      await page.getByLabel('Episode audio or video').setInputFiles(media.videoMp4);
      await page.getByText('The video is ready').waitFor({ timeout: 90_000 });
      expect(
        await page
          .getByRole('progressbar', { name: 'Episode upload progress' })
          .getAttribute('aria-valuenow'),
      ).toBe('80');
      await page.getByRole('textbox', { name: 'Episode title' }).fill('Video take');

      await choose('Status', 'Scheduled');
      const publishDate = page.getByLabel('Publish date');
      expect(await publishDate.inputValue()).toMatch(/T09:00$/);
      await expectAccessibleInBothThemes(page, 'the Upload Episode screen with a video, scheduled');
      await screenshotInBothThemes(page.locator('main'), 'upload-video-scheduled');
      await choose('Status', 'Draft');
      await publishDate.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Save Draft' }).click();
      await page.waitForURL(/\/episodes\/[0-9a-f-]{36}\/edit$/);
      const saved = await episodeTitled('Video take');
      expect(saved.enableVideo).toBe(true);
      expect(saved.media?.mimeType).toMatch(/^video\//);
      expect(await page.getByRole('switch', { name: 'Enable video' }).isChecked()).toBe(true);
      await page.getByRole('tab', { name: 'Media & Files' }).click();
      await page.getByLabel('Current video: video-take.mp4').waitFor();
      await expectAccessibleInBothThemes(page, 'the Media & Files tab of a video episode');
      await screenshotInBothThemes(page.locator('main'), 'editor-media-video');

      // Replacing the media from the editor names the episode in the tus metadata, and audio turns video off.
      const metadata: string[] = [];
      page.on('request', (request) => {
        const header = request.headers()['upload-metadata'];
        if (request.method() === 'POST' && header) metadata.push(header);
      });
      await page.getByRole('button', { name: 'Replace media' }).click();
      await page.getByLabel('Episode audio or video').setInputFiles(media.secondMp3);
      await page.getByText('Duration', { exact: true }).waitFor();
      expect(metadata).toHaveLength(1);
      expect(metadata[0]).toContain(`episodeId ${Buffer.from(saved.id).toString('base64')}`);
      await page.getByRole('switch', { name: 'Enable video' }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(episodeMessages.saved, { exact: true }).waitFor();
      const replaced = await (await api()).ok<Episode>('GET', `/api/episodes/${saved.id}`);
      expect(replaced).toMatchObject({ enableVideo: false, media: { fileName: 'second_wind.mp3' } });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'saves edits, lists them in the version history newest first, and restores an earlier version',
    async () => {
      await openEditor(draftId);
      const draft = { id: draftId };
      const title = page.getByRole('textbox', { name: 'Episode title' });
      await title.fill('a'.repeat(200));
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(episodeMessages.editTitleTooLong).waitFor();
      await expectAccessibleInBothThemes(page, 'the editor with a title too long');

      await title.fill('Second Wind, revised');
      await page.getByRole('textbox', { name: 'Description' }).fill('Revised notes.');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(episodeMessages.saved, { exact: true }).waitFor();
      await page.getByText('All changes saved').waitFor();
      expect(await versionsOf(draft.id)).toHaveLength(2);

      await page.getByRole('button', { name: 'Version History' }).click();
      const history = page.getByRole('dialog', { name: 'Version history' });
      const entries = history.getByRole('listitem');
      await waitFor('two versions', async () => ((await entries.count()) === 2 ? true : undefined));
      expect(await entries.first().getAttribute('aria-label')).toBe('Version 2');
      await history.getByText('Second Wind, revised').waitFor();
      await expectAccessibleInBothThemes(page, 'the version history');
      await screenshotInBothThemes(history, 'editor-history');

      await history
        .getByRole('listitem', { name: 'Version 1' })
        .getByRole('button', { name: 'Restore' })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Restore version 1' });
      await confirm.waitFor();
      await expectAccessibleInBothThemes(page, 'the restore confirmation');
      await confirm.getByRole('button', { name: 'Restore' }).click();
      await page.getByText(episodeMessages.restored, { exact: true }).waitFor();
      await waitFor('the restored title in the form', async () =>
        (await title.inputValue()) === 'second wind' ? true : undefined,
      );
      expect(await versionsOf(draft.id)).toHaveLength(3);
      expect((await episodeTitled('second wind')).description).toBe('');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'refuses a save made from an older revision with the conflict message and keeps the typed values on screen',
    async () => {
      await openEditor(draftId);
      const draft = await (await api()).ok<Episode>('GET', `/api/episodes/${draftId}`);
      const title = page.getByRole('textbox', { name: 'Episode title' });
      await title.fill('My title from this tab');
      // Another tab saves first.
      await (
        await api()
      ).ok('PATCH', `/api/episodes/${draft.id}`, {
        title: 'Changed in another tab',
        revision: draft.revision,
      });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const conflict = page.getByRole('alert').filter({ hasText: episodeMessages.editConflict });
      await conflict.waitFor();
      expect(await title.inputValue()).toBe('My title from this tab');
      await expectAccessibleInBothThemes(page, 'the editor after a conflicting save');
      await screenshotInBothThemes(page.locator('main'), 'editor-conflict');

      await conflict.getByRole('button', { name: 'Reload' }).click();
      await waitFor('the stored title after Reload', async () =>
        (await title.inputValue()) === 'Changed in another tab' ? true : undefined,
      );
      await conflict.waitFor({ state: 'detached' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'opens the version history from the history flag and preview mode from the preview flag; the preview shows the episode as listeners will',
    async () => {
      await open('/');
      const published = await episodeTitled('first-light');
      await open(`${editPath(published.id)}?history=true`);
      await page.getByRole('dialog', { name: 'Version history' }).waitFor();

      await open(`${editPath(published.id)}?preview=true`);
      await page.waitForURL(`${app.running.url}/p/${podcast.id}/episodes/${published.id}/preview`);
      const preview = page.getByRole('article', { name: 'first-light' });
      await preview.waitFor();
      await preview.getByText('The first light of the morning, in tones.').waitFor();
      await preview.getByLabel('Play first-light').waitFor();
      expect(await preview.getByRole('listitem').allTextContents()).toEqual(['morning', 'tones']);
      await expectAccessibleInBothThemes(page, 'the episode preview');
      await screenshotInBothThemes(page.locator('main'), 'episode-preview');
      await page.getByRole('link', { name: 'Back to Editor' }).click();
      await page.getByRole('heading', { level: 1, name: 'Edit Episode' }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "creates an episode in the editor's create mode ('new'), then the address becomes the new episode's edit route",
    async () => {
      await open(`/p/${podcast.id}/dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Dashboard Overview' }).waitFor();
      await open('/episodes/new/edit');
      await page.waitForURL(`${app.running.url}${editPath('new')}`);
      await page.getByRole('heading', { level: 1, name: 'New Episode' }).waitFor();
      await expectAccessibleInBothThemes(page, 'the editor in create mode');
      await page.getByRole('textbox', { name: 'Episode title' }).fill('Made in the editor');
      await page.getByRole('button', { name: 'Create Episode' }).click();
      await page.waitForURL(new RegExp(`/p/${podcast.id}/episodes/[0-9a-f-]{36}/edit$`));
      await page.getByText(episodeMessages.saved, { exact: true }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Edit Episode' }).waitFor();
      const created = await episodeTitled('Made in the editor');
      expect(page.url()).toBe(`${app.running.url}${editPath(created.id)}`);
      expect(created).toMatchObject({ status: 'draft', media: null, seasonNumber: 1 });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "duplicates and deletes through the right column's confirmations, and publishes a draft through its modal",
    async () => {
      await openEditor(draftId);
      await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
      const duplicate = page.getByRole('dialog', { name: 'Duplicate Episode' });
      await duplicate.waitFor();
      await expectAccessibleInBothThemes(page, 'the duplicate confirmation');
      await page.keyboard.press('Escape');
      await duplicate.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
      await duplicate.getByRole('button', { name: 'Duplicate' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/edit') && !url.pathname.includes(draftId));
      await page.getByText(episodeMessages.duplicated).waitFor();
      await waitFor('the copy in the form', async () =>
        (await page.getByRole('textbox', { name: 'Episode title' }).inputValue()).endsWith('(Copy)')
          ? true
          : undefined,
      );

      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const remove = page.getByRole('dialog', { name: 'Delete Episode' });
      await remove.getByRole('button', { name: 'Delete Episode' }).click();
      await page.waitForURL(`${app.running.url}/p/${podcast.id}/dashboard`);
      await page.getByText(episodeMessages.deleted).waitFor();

      await openEditor(draftId);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const publish = page.getByRole('dialog', { name: 'Publish Episode' });
      await publish.waitFor();
      await expectAccessibleInBothThemes(page, 'the publish confirmation');
      await screenshotInBothThemes(publish, 'editor-publish-confirmation');
      await publish.getByRole('button', { name: 'Publish Now' }).click();
      await page.waitForURL(`${app.running.url}/p/${podcast.id}/dashboard`);
      await page.getByText(episodeMessages.published).waitFor();
      const published = await (await api()).ok<Episode>('GET', `/api/episodes/${draftId}`);
      expect(published.status).toBe('published');
      expect(published.publishDate).not.toBeNull();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'fits the Upload Episode screen, the editor and the preview in 320 pixels (400 % zoom)',
    async () => {
      await open('/');
      const published = await episodeTitled('first-light');
      await page.setViewportSize({ width: 320, height: 800 });
      const fits = (what: string) =>
        waitFor(`${what} to fit 320 px`, () =>
          page.evaluate(() => document.documentElement.scrollWidth <= 320 || undefined),
        );
      await open(`/p/${podcast.id}/upload`);
      await page.getByRole('heading', { level: 1, name: 'Upload Episode' }).waitFor();
      await fits('the Upload Episode screen');
      await openEditor(published.id);
      await fits('the editor');
      await screenshotInBothThemes(page.getByRole('main'), 'editor-320px');
      await open(`/p/${podcast.id}/episodes/${published.id}/preview`);
      await page.getByRole('article', { name: 'first-light' }).waitFor();
      await fits('the preview');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the editor read-only to a viewer',
    async () => {
      await open('/');
      const published = await episodeTitled('first-light');
      page = await invitedContributor(app.browser, app.running.url, await api(), podcast.id, {
        email: 'vera@example.com',
        role: 'viewer',
        firstName: 'Vera',
        username: 'vera',
      });
      try {
        await open(editPath(published.id));
        await page.getByRole('heading', { level: 1, name: 'Episode' }).waitFor();
        await page.getByText('View only').waitFor();
        expect(
          await page.getByRole('textbox', { name: 'Episode title' }).getAttribute('readonly'),
        ).not.toBeNull();
        expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
        await expectAccessibleInBothThemes(page, 'the editor of a viewer');
        await screenshotInBothThemes(page.locator('main'), 'editor-viewer');

        // Versions name who saved them: the owner by the name (or e-mail) the contributors list gives.
        const { items } = await (
          await api()
        ).ok<{ items: Contributor[] }>('GET', `/api/podcasts/${podcast.id}/contributors`);
        const owner = items.find((contributor) => contributor.role === 'owner');
        await page.getByRole('button', { name: 'Version History' }).click();
        const history = page.getByRole('dialog', { name: 'Version history' });
        await history
          .getByText(`Saved by ${owner?.name ?? owner?.email ?? ''} ·`, { exact: false })
          .first()
          .waitFor();
        expect(await history.getByRole('button', { name: 'Restore' }).count()).toBe(0);
      } finally {
        await page.context().close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
