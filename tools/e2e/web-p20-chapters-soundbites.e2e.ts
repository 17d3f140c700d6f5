/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  chapterMessages,
  episodeMessages,
  jsonChaptersDocument,
  soundbiteMessages,
  type Episode,
  type MediaFile,
  type Podcast,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { invitedContributor } from './support/episode-editor-journey.js';
import { apiOfDevice } from './support/episode-seed.js';
import { uploadFile } from './support/publish-flow.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { renderQuickToneMp3 } from './support/tone-media.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, solidPng, type DeviceStorage } from './support/web-journey.js';

// The Chapters and Soundbites editors of the episode editor's Enhancements tab, in a real browser against the
// all-in-one process: an 8-minute MP3 (ffmpeg; mono at 8 kHz, quick to make and to process) uploaded and processed,
// chapters generated, imported from a JSON chapters file, added by hand (hidden, with a link and an uploaded image,
// one refused for overlapping), soundbites added and auto-detected, all saved with the episode and found again after
// a reload and through the API. Set E2E_SCREENSHOT_DIR to keep screenshots.

const JOURNEY_TIMEOUT_MS = 240_000;
const EPISODE_SECONDS = 480;

describe('the Chapters and Soundbites editors', () => {
  let app: WebAppUnderTest;
  let device: DeviceStorage;
  let podcast: Podcast;
  let context: BrowserContext;
  let page: Page;
  let files: string;
  let episode: Episode;

  const api = () => browserApi(page, app.running.url);
  const editPath = () => `/p/${podcast.id}/episodes/${episode.id}/edit`;
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const list = (name: 'Chapters' | 'Soundbites') => page.getByRole('list', { name });
  /** Each row's text, one line per block. */
  const rowTexts = async (name: 'Chapters' | 'Soundbites') =>
    (await list(name).getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\n+/g, '\n'));

  /** Opens the editor's Enhancements tab with the Chapters and Soundbites sections expanded. */
  async function openEnhancements() {
    await page.goto(`${app.running.url}${editPath()}`);
    await page.getByRole('heading', { level: 1, name: /Edit Episode|Episode/ }).waitFor();
    await page.getByRole('tab', { name: 'Enhancements' }).click();
    for (const section of [/^Chapters/, /^Soundbites/]) {
      await page.getByRole('button', { name: section }).click();
    }
  }

  /** Fills a form's fields by label, then presses its submit button. */
  async function fillAndSubmit(form: Locator, fields: Record<string, string>, submit: string) {
    for (const [label, value] of Object.entries(fields)) {
      await form.getByRole('textbox', { name: label, exact: false }).fill(value);
    }
    await form.getByRole('button', { name: submit, exact: true }).click();
  }

  /** Chooses a file for the Import JSON button through the browser's file chooser. */
  async function importJson(name: string, text: string) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'JSON file' }).click();
    await page.getByRole('menuitem', { name: /^Import JSON/ }).click();
    await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  }

  beforeAll(async () => {
    app = await startWebAppUnderTest('webp20chapters');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Signal Hour']);
    device = creator.storageState;
    podcast = creator.podcasts[0]!;
    files = await mkdtemp(join(tmpdir(), 'castbase-chapters-'));
    await renderQuickToneMp3(join(files, 'long-talk.mp3'), EPISODE_SECONDS);
    const owner = apiOfDevice(device, app.running.url);
    const uploaded = await uploadFile(owner, {
      input: join(files, 'long-talk.mp3'),
      fileName: 'long-talk.mp3',
      fileType: 'audio/mpeg',
      purpose: 'episode-media',
    });
    // Eight minutes take a while to measure and draw on a busy machine.
    const media = await waitFor(
      'long-talk.mp3 to be processed',
      async () => {
        const file = await owner.ok<MediaFile>('GET', `/api/media/${uploaded.id}`);
        if (file.status === 'failed') throw new Error(`Processing failed: ${JSON.stringify(file.jobs)}`);
        return file.status === 'ready' ? file : undefined;
      },
      { timeoutMs: 150_000, intervalMs: 250 },
    );
    expect(media.durationSeconds).toBe(EPISODE_SECONDS);
    episode = await owner.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, {
      title: 'Long talk',
      mediaId: media.id,
    });
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
      acceptDownloads: true,
    });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  });

  afterEach(async () => {
    await context?.close();
  });

  it(
    'generates, imports, adds, edits and deletes chapters and adds and auto-detects soundbites; all of it is saved with the episode',
    async () => {
      await openEnhancements();
      await page.getByText('No chapters yet.', { exact: false }).waitFor();
      await expectAccessibleInBothThemes(page, 'the Chapters and Soundbites editors, empty');

      // Auto-generate: 5-minute chapters over the 8 minutes.
      await page.getByRole('button', { name: 'Generate' }).click();
      const generateMenu = page.getByRole('menu');
      await generateMenu.getByText('Needs the AI assistant', { exact: false }).waitFor();
      expect(await generateMenu.getByRole('menuitem', { name: /Generate with AI/ }).isDisabled()).toBe(true);
      await expectAccessibleInBothThemes(page, 'the Generate menu');
      await generateMenu.getByRole('menuitem', { name: /Auto-generate/ }).click();
      await page.getByRole('status').filter({ hasText: 'Generated 2 chapters' }).waitFor();
      expect(await rowTexts('Chapters')).toEqual([
        expect.stringContaining('00:00 – 05:00\nChapter 1'),
        expect.stringContaining('05:00 – 08:00\nChapter 2'),
      ]);

      // Import: a file that is not JSON is refused; a JSON chapters file replaces the list once confirmed.
      await importJson('broken.json', '{ "chapters": [');
      await page.getByRole('alert').filter({ hasText: chapterMessages.importParse }).waitFor();
      await importJson('no-list.json', '{ "version": "1.2.0" }');
      await page.getByRole('alert').filter({ hasText: chapterMessages.importFormat }).waitFor();
      const imported = {
        version: '1.2.0',
        chapters: [
          { startTime: 0, title: 'Welcome' },
          { startTime: 45, title: 'Headlines' },
        ],
      };
      await importJson('show.json', JSON.stringify(imported));
      const replace = dialog('Replace chapters?');
      await replace
        .getByText('The 2 chapters of this episode will be replaced by the 2 chapters of show.json.')
        .waitFor();
      await replace.getByRole('button', { name: 'Replace chapters' }).click();
      await page.getByRole('status').filter({ hasText: 'Imported 2 chapters from show.json.' }).waitFor();

      // Add by hand: a hidden chapter, and one with a link and an uploaded image.
      await page.getByRole('button', { name: 'Add chapter' }).click();
      let form = dialog('Add chapter');
      expect(await form.getByRole('textbox', { name: 'Start time' }).inputValue()).toBe('01:45');
      await form.getByRole('switch', { name: 'Show in table of contents' }).uncheck();
      await fillAndSubmit(
        form,
        { Title: 'Sponsor', 'Start time': '03:00', 'End time': '03:30' },
        'Add chapter',
      );
      await form.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add chapter' }).click();
      form = dialog('Add chapter');
      await form.getByLabel('Chapter image').setInputFiles({
        name: 'guest.png',
        mimeType: 'image/png',
        buffer: solidPng(600, 600),
      });
      await form.getByRole('img', { name: 'Chapter image' }).waitFor({ timeout: 60_000 });
      await form.getByRole('textbox', { name: 'Link' }).fill('not a link');
      await fillAndSubmit(form, { Title: 'Interview', 'Start time': '04:00' }, 'Add chapter');
      await form.getByText(chapterMessages.invalidUrl).waitFor();
      await form.getByRole('textbox', { name: 'Link' }).fill('https://example.com/guest');
      await form.getByRole('button', { name: 'Add chapter', exact: true }).click();
      await form.waitFor({ state: 'detached' });

      // An overlapping chapter is refused, beside its start time.
      await page.getByRole('button', { name: 'Add chapter' }).click();
      form = dialog('Add chapter');
      await fillAndSubmit(
        form,
        { Title: 'Overlap', 'Start time': '03:10', 'End time': '03:20' },
        'Add chapter',
      );
      await form.getByText(chapterMessages.overlap).waitFor();
      await fillAndSubmit(form, { 'Start time': '07:00', 'End time': '08:30' }, 'Add chapter');
      await form.getByText(chapterMessages.endBeyondDuration).waitFor();
      await expectAccessibleInBothThemes(page, 'the Add chapter form with an error');
      await screenshotInBothThemes(form, 'chapter-form-error');
      await form.getByRole('button', { name: 'Cancel' }).click();

      // Edit one, delete another (confirmed).
      await list('Chapters').getByRole('button', { name: 'Edit Headlines' }).click();
      await fillAndSubmit(dialog('Edit chapter'), { Title: 'The headlines' }, 'Save chapter');
      await list('Chapters').getByRole('button', { name: 'Delete Welcome' }).click();
      await dialog('Delete chapter?').getByRole('button', { name: 'Delete chapter' }).click();
      await list('Chapters').getByText('Welcome').waitFor({ state: 'detached' });
      const chapterRows = await rowTexts('Chapters');
      expect(chapterRows).toEqual([
        expect.stringContaining('00:45\nThe headlines'),
        expect.stringMatching(/03:00 – 03:30\nSponsor\nHidden/i),
        expect.stringContaining('04:00\nInterview'),
      ]);
      await list('Chapters').getByRole('link', { name: 'Link of Interview (opens in a new tab)' }).waitFor();
      await list('Chapters').getByRole('link', { name: 'Image of Interview (opens in a new tab)' }).waitFor();

      // Soundbites: a long one (with the warning and the one platform it fits), an overlapping one refused,
      // then the auto-detected samples.
      await page.getByRole('button', { name: 'Add soundbite' }).click();
      form = dialog('Add soundbite');
      await form.getByRole('textbox', { name: 'Start time' }).fill('05:00');
      await form.getByRole('textbox', { name: 'Duration' }).fill('75');
      await form.getByText(soundbiteMessages.longerThanRecommended).waitFor();
      await form.getByText('Fits Twitter/X', { exact: true }).waitFor();
      await expectAccessibleInBothThemes(page, 'the Add soundbite form with the length warning');
      await screenshotInBothThemes(form, 'soundbite-form-warning');
      await fillAndSubmit(form, { Title: 'The long answer' }, 'Add soundbite');
      await form.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add soundbite' }).click();
      form = dialog('Add soundbite');
      await fillAndSubmit(form, { 'Start time': '05:30', Duration: '10' }, 'Add soundbite');
      await form.getByText(soundbiteMessages.overlap).waitFor();
      await fillAndSubmit(form, { 'Start time': '07:55', Duration: '10' }, 'Add soundbite');
      await form.getByText(soundbiteMessages.beyondDuration).waitFor();
      await form.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Auto-detect' }).click();
      await page.getByRole('status').filter({ hasText: 'Added 3 soundbites' }).waitFor();
      expect(await rowTexts('Soundbites')).toEqual([
        expect.stringContaining('00:30 – 00:45'),
        expect.stringContaining('03:00 – 03:20'),
        expect.stringContaining('05:00 – 06:15\nThe long answer'),
        expect.stringContaining('07:00 – 07:30'),
      ]);
      await expectAccessibleInBothThemes(page, 'the Chapters and Soundbites editors, filled');
      await screenshotInBothThemes(
        page.getByRole('tabpanel', { name: 'Enhancements' }),
        'chapters-soundbites',
      );

      // Export: the JSON chapters file of the list.
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'JSON file' }).click();
      await page.getByRole('menuitem', { name: /^Export JSON/ }).click();
      const exported = JSON.parse(await readFile(await (await download).path(), 'utf8')) as unknown;

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(episodeMessages.saved, { exact: true }).waitFor();

      const saved = await (await api()).ok<Episode>('GET', `/api/episodes/${episode.id}`);
      expect(exported).toEqual(jsonChaptersDocument(saved.chapters));
      expect(saved.chapters).toMatchObject([
        { title: 'The headlines', startTime: 45, endTime: null, toc: true },
        { title: 'Sponsor', startTime: 180, endTime: 210, toc: false },
        { title: 'Interview', startTime: 240, url: 'https://example.com/guest', toc: true },
      ]);
      expect(saved.chapters[2]?.image).toMatch(/^https?:\/\//);
      expect(saved.soundbites.map(({ startTime, duration, title }) => [startTime, duration, title])).toEqual([
        [30, 15, undefined],
        [180, 20, undefined],
        [300, 75, 'The long answer'],
        [420, 30, undefined],
      ]);

      // After a reload the editors show what was saved.
      await page.reload();
      await page.getByRole('tab', { name: 'Enhancements' }).click();
      for (const section of [/^Chapters/, /^Soundbites/])
        await page.getByRole('button', { name: section }).click();
      await waitFor('the saved chapters after a reload', async () =>
        (await rowTexts('Chapters')).length === 3 ? true : undefined,
      );
      expect(await rowTexts('Chapters')).toEqual(chapterRows);
      expect(await list('Soundbites').getByRole('listitem').count()).toBe(4);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the chapters and soundbites to a viewer without any editing control',
    async () => {
      await page.goto(`${app.running.url}/`);
      page = await invitedContributor(app.browser, app.running.url, await api(), podcast.id, {
        email: 'vera@example.com',
        role: 'viewer',
        firstName: 'Vera',
        username: 'vera',
      });
      try {
        await openEnhancements();
        await list('Chapters').getByText('Sponsor').waitFor();
        await list('Soundbites').getByText('The long answer').waitFor();
        for (const name of ['Add chapter', 'Generate', 'JSON file', 'Add soundbite', 'Auto-detect']) {
          expect(await page.getByRole('button', { name }).count()).toBe(0);
        }
        expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
        await page.getByRole('button', { name: 'Export JSON' }).waitFor();
        await expectAccessibleInBothThemes(page, 'the Chapters and Soundbites editors of a viewer');
        await screenshotInBothThemes(
          page.getByRole('tabpanel', { name: 'Enhancements' }),
          'chapters-soundbites-viewer',
        );
      } finally {
        await page.context().close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
