/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Episode, MediaFile, Podcast } from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import type { ApiClient } from './support/api-client.js';
import { invitedContributor, versionsOf } from './support/episode-editor-journey.js';
import { episodeListPage } from './support/episode-list-page.js';
import { apiOfDevice, uploadSeedAudio } from './support/episode-seed.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, sessionOf, signedUpCreator, type DeviceStorage } from './support/web-journey.js';

// The parts of the Catalog issue's journey that cross screens and people: an editor invited by e-mail signs up and
// saves an episode in the editor while a viewer only reads it, and an episode scheduled from All Episodes publishes
// itself (the publisher runs every second here). Each screen's own details are in its own browser test.

const JOURNEY_TIMEOUT_MS = 240_000;

describe('the catalog journey across people and time', () => {
  let app: WebAppUnderTest;
  let device: DeviceStorage;
  let owner: ApiClient;
  let podcast: Podcast;
  let audio: MediaFile;
  const contexts: BrowserContext[] = [];
  /**
   * The episode the schedule test schedules, its page and its moment. The test that waits for it to publish itself
   * comes last, so that the minute it waits for passes while the editor test runs.
   */
  let scheduling: { episode: Episode; page: Page; moment: Date } | undefined;

  const url = (path: string) => `${app.running.url}${path}`;
  const draftWithAudio = (title: string) =>
    owner.ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, { title, mediaId: audio.id });

  async function ownerPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({
      storageState: device,
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    return page;
  }

  beforeAll(async () => {
    app = await startWebAppUnderTest('webcatalogjourney', { SCHEDULED_PUBLISH_INTERVAL_SECONDS: '1' });
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals']);
    device = creator.storageState;
    podcast = creator.podcasts[0]!;
    owner = apiOfDevice(device, app.running.url);
    audio = await uploadSeedAudio(owner);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    'schedules an episode from All Episodes a minute ahead',
    async () => {
      const episode = await draftWithAudio('Goes out on its own');
      const page = await ownerPage(app.browser);
      const list = episodeListPage(page, app.running.url, () => podcast.id);
      await list.open(`?search=${encodeURIComponent('Goes out on its own')}`);
      await list.showing('Showing 1–1 of 1');
      await list.menuOf('Goes out on its own').click();
      await page.getByRole('menuitem', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule Episode' });
      const zoneLine = await dialog.getByText(/^Times are in your timezone, /).textContent();
      const timeZone = /timezone, (.+)\.$/.exec(zoneLine ?? '')?.[1];
      if (!timeZone) throw new Error(`No timezone in "${zoneLine}"`);

      // The form takes minutes: the next whole minute at least 15 seconds away, in the creator's timezone (filling
      // the form and saving take a second or two; the test then waits for that minute).
      const moment = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
      const inZone = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-CA', { timeZone, ...options }).format(moment);
      await dialog.getByLabel('Date').fill(inZone({ year: 'numeric', month: '2-digit', day: '2-digit' }));
      await dialog.getByLabel('Time').fill(inZone({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
      await dialog.getByRole('button', { name: 'Schedule' }).click();
      await page.getByText(/^Episode scheduled for /).waitFor();
      const scheduled = await owner.ok<Episode>('GET', `/api/episodes/${episode.id}`);
      expect(scheduled).toMatchObject({ status: 'scheduled', scheduledReleaseDate: moment.toISOString() });
      scheduling = { episode, page, moment };
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets an invited editor save an episode in the editor, and shows it to an invited viewer to read only',
    async () => {
      const episode = await draftWithAudio('Before the editor');

      const editor = await invitedContributor(app.browser, app.running.url, owner, podcast.id, {
        email: 'eddie@example.com',
        role: 'editor',
        firstName: 'Eddie',
        username: 'eddie',
      });
      contexts.push(editor.context());
      await editor.goto(url(`/p/${podcast.id}/episodes/${episode.id}/edit`));
      await editor.getByRole('heading', { level: 1, name: 'Edit Episode' }).waitFor();
      const title = editor.getByLabel('Episode title');
      await title.fill('After the editor');
      await editor.getByText('Unsaved changes').waitFor();
      await editor.getByRole('button', { name: 'Save Changes' }).click();
      await editor.getByText('All changes saved').waitFor();
      await expectAccessibleInBothThemes(editor, 'the episode editor as an editor');

      const saved = await owner.ok<Episode>('GET', `/api/episodes/${episode.id}`);
      expect(saved.title).toBe('After the editor');
      const { subject: editorId } = await sessionOf(editor);
      const [latest] = await versionsOf(owner, episode.id);
      expect(latest).toMatchObject({ title: 'After the editor', userId: editorId });

      const viewer = await invitedContributor(app.browser, app.running.url, owner, podcast.id, {
        email: 'vera@example.com',
        role: 'viewer',
        firstName: 'Vera',
        username: 'vera',
      });
      contexts.push(viewer.context());
      await viewer.goto(url(`/p/${podcast.id}/episodes/${episode.id}/edit`));
      await viewer.getByRole('heading', { level: 1, name: 'Episode' }).waitFor();
      await viewer.getByText('After the editor').first().waitFor();
      expect(await viewer.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
      expect(await viewer.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      // The server refuses what the screen does not offer.
      const refused = await (
        await browserApi(viewer, app.running.url)
      ).call('PATCH', `/api/episodes/${episode.id}`, { revision: saved.revision, title: 'By the viewer' });
      expect(refused.status).toBe(403);
      expect((await owner.ok<Episode>('GET', `/api/episodes/${episode.id}`)).title).toBe('After the editor');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sees the scheduled episode publish itself at its moment, into the list and the feed',
    async () => {
      if (!scheduling) throw new Error('The schedule test did not schedule an episode');
      const { episode, page, moment } = scheduling;
      const published = await waitFor(
        'the scheduled episode to publish itself',
        async () => {
          const current = await owner.ok<Episode>('GET', `/api/episodes/${episode.id}`);
          return current.status === 'published' ? current : undefined;
        },
        { timeoutMs: 150_000, intervalMs: 1_000 },
      );
      expect(new Date(published.publishDate ?? 0).getTime()).toBeGreaterThanOrEqual(moment.getTime());
      expect(published.scheduledReleaseDate).toBeNull();

      await page.reload();
      await page.getByRole('list', { name: 'Episodes' }).getByText('Published', { exact: true }).waitFor();
      const feed = await fetch(url(`/feeds/ada/${podcast.slug}.xml`));
      expect(await feed.text()).toContain(published.guid);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
