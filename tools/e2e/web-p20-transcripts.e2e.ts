/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { episodeMessages, transcriptMessages, type Episode, type Podcast } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import type { ApiClient } from './support/api-client.js';
import {
  choose as chooseIn,
  episodeTitled,
  invitedContributor,
  renderJourneyMedia,
} from './support/episode-editor-journey.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, solidPng, type DeviceStorage } from './support/web-journey.js';

// The Transcript editor of the episode editor's Enhancements tab, in a real browser against the all-in-one process:
// VTT and SRT files sent over tus to media (which knows them by their bytes), a PNG renamed .vtt refused, a
// transcript linked by URL, previews, the save, the reload, and turning transcripts off. Set E2E_SCREENSHOT_DIR to
// keep screenshots.

const JOURNEY_TIMEOUT_MS = 240_000;
const ENGLISH_VTT =
  'WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ana>Welcome to Signal Hour.\n\n00:00:04.000 --> 00:00:08.000\n<v Ben>Today: feeds.\n';
const SPANISH_SRT =
  '1\n00:00:00,000 --> 00:00:04,000\nBienvenidos a Signal Hour.\n\n2\n00:00:04,000 --> 00:00:08,000\nHoy: feeds.\n';
const LINKED_URL = 'https://transcripts.invalid/signal-hour/episode-1.json';

describe('the Transcript editor', () => {
  let app: WebAppUnderTest;
  let device: DeviceStorage;
  let podcast: Podcast;
  let episodeId: string;
  let context: BrowserContext;
  let page: Page;

  const api = (): Promise<ApiClient> => browserApi(page, app.running.url);
  const choose = (label: string, option: string) => chooseIn(page, label, option);
  const storedTranscripts = async () =>
    (await (await api()).ok<Episode>('GET', `/api/episodes/${episodeId}`)).transcripts;
  const section = () => page.getByRole('region', { name: /^Transcripts/ });
  const list = () => page.getByRole('list', { name: 'Transcripts' });
  const fileInput = () => page.getByLabel('Transcript file');

  /** The editor's Enhancements tab with the Transcripts section open. */
  async function openTranscripts() {
    await page.goto(`${app.running.url}/p/${podcast.id}/episodes/${episodeId}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit Episode' }).waitFor();
    await page.getByRole('tab', { name: 'Enhancements' }).click();
    await page.getByRole('button', { name: /^Transcripts/ }).click();
  }

  async function upload(name: string, mimeType: string, content: string) {
    await fileInput().setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
    await page.getByText(`${name} is ready`).waitFor();
  }

  beforeAll(async () => {
    app = await startWebAppUnderTest('webp20transcripts');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Signal Hour']);
    device = creator.storageState;
    podcast = creator.podcasts[0]!;
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await app?.stop();
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
    'uploads a VTT and an SRT in two languages, refuses a PNG renamed .vtt, links one by URL, previews, and keeps them when saved',
    async () => {
      await page.goto(app.running.url);
      const created = await (
        await api()
      ).ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, { title: 'Signal Hour 1' });
      episodeId = created.id;
      await openTranscripts();

      const include = page.getByRole('switch', { name: 'Include a transcript' });
      expect(await include.isChecked()).toBe(false);
      await include.check();
      await page.getByRole('button', { name: 'Generate transcript' }).waitFor();
      expect(await page.getByRole('button', { name: 'Generate transcript' }).isDisabled()).toBe(true);
      await page.getByText(transcriptMessages.generateUnavailable).waitFor();

      // The name says VTT, the bytes say PNG: media refuses it once they arrive.
      await fileInput().setInputFiles({
        name: 'captions.vtt',
        mimeType: 'text/vtt',
        buffer: solidPng(32, 32),
      });
      await page.getByRole('alert').filter({ hasText: transcriptMessages.invalidFileType }).waitFor();
      await expectAccessibleInBothThemes(page, 'the Transcript editor after a refused file');
      await screenshotInBothThemes(section(), 'transcripts-refused');

      await upload('signal-hour-1.vtt', 'text/vtt', ENGLISH_VTT);
      expect(await page.getByRole('combobox', { name: 'Type', exact: true }).inputValue()).toBe('WebVTT');
      await page.getByRole('button', { name: 'Add transcript' }).click();
      await list().getByRole('listitem', { name: 'English WebVTT captions' }).waitFor();

      // An SRT file: its type comes from its bytes, whatever the browser declared.
      await upload('signal-hour-1.es.srt', '', SPANISH_SRT);
      expect(await page.getByRole('combobox', { name: 'Type', exact: true }).inputValue()).toBe('SRT');
      await page.getByRole('textbox', { name: 'Language' }).fill('spanish');
      await choose('Rel', 'Subtitles');
      await page.getByRole('button', { name: 'Add transcript' }).click();
      await page.getByText(transcriptMessages.invalidLanguage).waitFor();
      await page.getByRole('textbox', { name: 'Language' }).fill('es');
      await page.getByRole('button', { name: 'Add transcript' }).click();
      await list().getByRole('listitem', { name: 'Spanish SRT subtitles' }).waitFor();

      await page.getByText('Link a URL', { exact: true }).click();
      const url = page.getByRole('textbox', { name: 'Transcript URL' });
      await url.fill('not a url');
      await page.getByRole('button', { name: 'Add transcript' }).click();
      await page.getByText(transcriptMessages.invalidUrl).waitFor();
      await url.fill(LINKED_URL);
      await choose('Type', 'JSON');
      await page.getByRole('textbox', { name: 'Language' }).fill('fr');
      await choose('Rel', 'Transcript');
      await page.getByRole('button', { name: 'Add transcript' }).click();
      await list().getByRole('listitem', { name: 'French JSON transcript' }).waitFor();
      // The same language, type and rel again is one too many.
      await url.fill(`${LINKED_URL}?again`);
      await choose('Type', 'JSON');
      await page.getByRole('textbox', { name: 'Language' }).fill('fr');
      await choose('Rel', 'Transcript');
      await page.getByRole('button', { name: 'Add transcript' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Another transcript is already JSON transcript in "fr"' })
        .waitFor();
      expect(await list().getByRole('listitem').count()).toBe(3);

      await page.getByRole('button', { name: 'Preview English WebVTT captions' }).click();
      const text = page.getByLabel('Text of English WebVTT captions');
      await waitFor('the VTT text in the preview', async () =>
        (await text.textContent())?.includes('<v Ana>Welcome to Signal Hour.') ? true : undefined,
      );
      // A link elsewhere is read through the gateway; this one cannot be reached.
      await page.getByRole('button', { name: 'Preview French JSON transcript' }).click();
      await page.getByText(transcriptMessages.previewFailed).waitFor();
      await page.getByRole('button', { name: 'Preview Spanish SRT subtitles' }).click();
      await waitFor('the SRT text in the preview', async () =>
        (await page.getByLabel('Text of Spanish SRT subtitles').textContent())?.includes('Bienvenidos')
          ? true
          : undefined,
      );
      await expectAccessibleInBothThemes(page, 'the Transcript editor with three transcripts and a preview');
      await screenshotInBothThemes(section(), 'transcripts-list-preview');

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(episodeMessages.saved, { exact: true }).waitFor();
      const stored = await storedTranscripts();
      expect(stored.map(({ type, language, rel }) => ({ type, language, rel }))).toEqual([
        { type: 'text/vtt', language: 'en', rel: 'captions' },
        { type: 'application/x-subrip', language: 'es', rel: 'subtitles' },
        { type: 'application/json', language: 'fr', rel: 'transcript' },
      ]);
      expect(stored[2]?.url).toBe(LINKED_URL);
      const served = await fetch(stored[0]!.url);
      expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
      expect(await served.text()).toBe(ENGLISH_VTT);

      await page.reload();
      await openTranscripts();
      expect(await page.getByRole('switch', { name: 'Include a transcript' }).isChecked()).toBe(true);
      await list().getByRole('listitem', { name: 'Spanish SRT subtitles' }).waitFor();
      expect(await list().getByRole('listitem').count()).toBe(3);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows the transcripts read-only to a viewer: the list and previews, no switch, no add form, no Remove',
    async () => {
      await page.goto(app.running.url);
      const viewer = await invitedContributor(app.browser, app.running.url, await api(), podcast.id, {
        email: 'vera@example.com',
        role: 'viewer',
        firstName: 'Vera',
        username: 'vera',
      });
      try {
        await viewer.goto(`${app.running.url}/p/${podcast.id}/episodes/${episodeId}/edit`);
        await viewer.getByRole('heading', { level: 1, name: 'Episode' }).waitFor();
        await viewer.getByRole('tab', { name: 'Enhancements' }).click();
        await viewer.getByRole('button', { name: /^Transcripts/ }).click();
        const transcripts = viewer.getByRole('list', { name: 'Transcripts' });
        await transcripts.getByRole('listitem', { name: 'English WebVTT captions' }).waitFor();
        expect(await transcripts.getByRole('listitem').count()).toBe(3);
        expect(await viewer.getByRole('switch', { name: 'Include a transcript' }).count()).toBe(0);
        expect(await viewer.getByRole('button', { name: 'Add transcript' }).count()).toBe(0);
        expect(await viewer.getByRole('button', { name: /^Remove / }).count()).toBe(0);
        await viewer.getByRole('button', { name: 'Preview English WebVTT captions' }).click();
        await viewer.getByText('<v Ben>Today: feeds.').waitFor();
        await expectAccessibleInBothThemes(viewer, 'the Transcript editor of a viewer');
        await screenshotInBothThemes(
          viewer.getByRole('region', { name: /^Transcripts/ }),
          'transcripts-viewer',
        );
      } finally {
        await viewer.context().close();
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'asks before turning transcripts off, then removes them all once saved',
    async () => {
      await openTranscripts();
      const include = page.getByRole('switch', { name: 'Include a transcript' });
      await include.click();
      const confirm = page.getByRole('dialog', { name: transcriptMessages.removeAllTitle });
      await confirm.getByText(transcriptMessages.removeAll(3)).waitFor();
      await expectAccessibleInBothThemes(page, 'the confirmation before transcripts are removed');
      await screenshotInBothThemes(confirm, 'transcripts-remove-confirmation');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await list().getByRole('listitem').count()).toBe(3);

      await include.click();
      await confirm.getByRole('button', { name: 'Remove transcripts' }).click();
      await list().waitFor({ state: 'detached' });
      expect(await include.isChecked()).toBe(false);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(episodeMessages.saved, { exact: true }).waitFor();
      expect(await storedTranscripts()).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'takes a transcript on the Upload Episode screen, before the episode exists, and the draft keeps it',
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'castbase-transcripts-'));
      try {
        const media = await renderJourneyMedia(folder);
        await page.goto(`${app.running.url}/p/${podcast.id}/upload`);
        await page.getByRole('heading', { level: 1, name: 'Upload Episode' }).waitFor();
        await page.getByLabel('Episode audio or video').setInputFiles(media.firstMp3);
        await page.getByText('The audio is ready').waitFor();
        await page.getByRole('tab', { name: 'Podcasting 2.0' }).click();
        await page.getByRole('button', { name: /^Transcripts/ }).click();
        await page.getByRole('switch', { name: 'Include a transcript' }).check();
        await upload('first-light.vtt', 'text/vtt', ENGLISH_VTT);
        await page.getByRole('button', { name: 'Add transcript' }).click();
        await list().getByRole('listitem', { name: 'English WebVTT captions' }).waitFor();
        await choose('Status', 'Draft');
        await page.getByRole('button', { name: 'Save Draft' }).click();
        await page.waitForURL(/\/episodes\/[0-9a-f-]{36}\/edit$/);
        const draft = await episodeTitled(await api(), podcast.id, 'first-light');
        expect(draft.transcripts).toEqual([
          expect.objectContaining({ type: 'text/vtt', language: 'en', rel: 'captions' }),
        ]);
        expect(await (await fetch(draft.transcripts[0]!.url)).text()).toBe(ENGLISH_VTT);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
