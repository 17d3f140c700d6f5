/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  locationMessages,
  podcastChannelMessages,
  podcastMessages,
  podcastSettingsInputSchema,
  feedPath,
  podcastGuidForFeedUrl,
  type Podcast,
  type PodcastSettingsInput,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, solidPng } from './support/web-journey.js';

// The channel's feed fields on the Podcast tab of Settings, in a real browser against the all-in-one process: a
// creator fills every one (directory visibility, license, location, release schedule, podroll, text records), sees a
// bad value refused with the contracts' message (and the server refuse it too), saves, and finds them after a reload.

const JOURNEY_TIMEOUT_MS = 180_000;
const PODROLL_GUID = '917393e3-1b1e-5cef-ace4-edaa54e1f810';
const PODROLL_FEED = 'https://mp3s.nashownotes.com/pc20rss.xml';
const VERIFICATION = 'S6lpp-7ZCn8-dZfGc-OoyaG';

describe('the channel fields of the Podcast tab of Settings', () => {
  let app: WebAppUnderTest;
  let context: BrowserContext;
  let page: Page;
  let podcast: Podcast;

  const url = (path: string) => `${app.running.url}${path}`;
  const form = () => page.getByRole('form', { name: 'Podcast settings' });
  const save = () => page.getByRole('button', { name: 'Save', exact: true }).click();
  const podroll = (index: number) => page.getByRole('group', { name: `Recommended podcast ${index}` });
  const txt = (index: number) => page.getByRole('group', { name: `Text record ${index}` });

  async function choose(combobox: string, option: string) {
    await page.getByRole('combobox', { name: combobox, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function expectInvalid(field: Locator, message: string) {
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const descriptions = await Promise.all(
      describedBy
        .split(' ')
        .filter(Boolean)
        .map((id) => page.locator(`[id="${id}"]`).innerText()),
    );
    expect(descriptions).toContain(message);
  }

  beforeAll(async () => {
    app = await startWebAppUnderTest('webchannel');
    const creator = await signedUpCreator(app.browser, app.running.url, []);
    context = await app.browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      storageState: creator.storageState,
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(url('/'));
    const api = await browserApi(page, app.running.url);
    podcast = await api.ok<Podcast>('POST', '/api/podcasts', {
      name: 'Field Notes',
      author: 'Ada Lovelace',
      description: 'Notes from the field, recorded where they happen.',
    });
    // Album art is required to save: upload it on the tab, as a creator does.
    await page.goto(url(`/p/${podcast.id}/settings/podcast`));
    await page
      .getByLabel('Album art')
      .setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: solidPng(1400, 1400) });
    await page.getByRole('button', { name: 'Remove', exact: true }).waitFor({ timeout: 60_000 });
    await save();
    await page.getByText(podcastMessages.saved).waitFor();
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    "refuses a bad recommended podcast, repeat rule and coordinates with the contracts' messages, and so does the server",
    async () => {
      await page.goto(url(`/p/${podcast.id}/settings/podcast`));
      await page.getByRole('combobox', { name: 'License', exact: true }).waitFor();
      await expectAccessibleInBothThemes(page, 'the Podcast tab with its channel fields empty');
      await screenshotInBothThemes(form(), 'podcast-channel-empty');

      await page.getByRole('button', { name: 'Add recommended podcast' }).click();
      await podroll(1).getByLabel('podcast:guid').fill('not-a-guid');
      await page.getByLabel('Repeat rule (RRULE)').fill('every monday');
      await page.getByLabel('Schedule in words').fill('Mondays');
      await page.getByLabel('Location', { exact: true }).fill('Lisbon');
      await page.getByLabel('Coordinates').fill('38.7,-9.1,3');
      await save();

      await page.getByRole('alert').filter({ hasText: podcastMessages.fieldsInvalid }).waitFor();
      await expectInvalid(podroll(1).getByLabel('podcast:guid'), podcastChannelMessages.podrollGuid);
      await expectInvalid(page.getByLabel('Repeat rule (RRULE)'), podcastChannelMessages.rruleInvalid);
      await expectInvalid(page.getByLabel('Coordinates'), locationMessages.geoFormat);
      // Focus goes to the first field in error.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
      await expectAccessibleInBothThemes(page, 'the Podcast tab refusing bad channel fields');
      await screenshotInBothThemes(form(), 'podcast-channel-refused');

      // The server holds the same rule for a client that skips the form's check.
      const api = await browserApi(page, app.running.url);
      const stored = await api.ok<Podcast>('GET', `/api/podcasts/${podcast.id}`);
      const input: PodcastSettingsInput = podcastSettingsInputSchema.parse(stored);
      const refused = await api.call('PUT', `/api/podcasts/${podcast.id}`, {
        ...input,
        podroll: [{ feedGuid: 'not-a-guid' }],
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(podcastChannelMessages.podrollGuid);
      expect((await api.ok<Podcast>('GET', `/api/podcasts/${podcast.id}`)).podroll).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'saves every channel field and shows them again after a reload',
    async () => {
      await page.goto(url(`/p/${podcast.id}/settings/podcast`));
      await page.getByRole('combobox', { name: 'License', exact: true }).waitFor();

      await page.getByRole('switch', { name: 'Hide from podcast directories' }).check({ force: true });
      await page.getByRole('switch', { name: 'Podcast complete' }).check({ force: true });
      await choose('License', 'Creative Commons Attribution 4.0 (CC-BY-4.0)');
      await page.getByLabel('Location', { exact: true }).fill('Lisbon, Portugal');
      await page.getByLabel('Coordinates').fill('38.7223,-9.1393');
      await page.getByLabel('OpenStreetMap ID').fill('R5400890');
      await choose('Release schedule', 'Every two weeks');
      expect(await page.getByLabel('Schedule in words').inputValue()).toBe('Every two weeks');
      expect(await page.getByLabel('Repeat rule (RRULE)').inputValue()).toBe('FREQ=WEEKLY;INTERVAL=2');
      await page.getByLabel('This schedule is complete').check();

      await page.getByRole('button', { name: 'Add recommended podcast' }).click();
      await podroll(1).getByLabel('Podcast title').fill('Podcasting 2.0');
      await podroll(1).getByLabel('podcast:guid').fill(PODROLL_GUID);
      await podroll(1).getByLabel('Feed URL').fill(PODROLL_FEED);
      await page.getByRole('button', { name: 'Add recommended podcast' }).click();
      await podroll(2).getByLabel('podcast:guid').fill('00000000-0000-4000-8000-000000000000');
      await page.getByRole('button', { name: 'Remove recommended podcast 2' }).click();
      expect(await podroll(2).count()).toBe(0);

      await page.getByRole('button', { name: 'Add text record' }).click();
      await txt(1).getByLabel('Purpose').fill('verify');
      await txt(1).getByLabel(/^Text/).fill(VERIFICATION);
      await page.getByRole('button', { name: 'Add text record' }).click();
      await txt(2).getByLabel(/^Text/).fill('Recorded on location.');

      await page.getByText(podcastMessages.rssOutOfSync).waitFor();
      await screenshotInBothThemes(form(), 'podcast-channel-filled');
      await save();
      await page.getByText(podcastMessages.saved).waitFor();

      await page.reload();
      await page.getByRole('combobox', { name: 'License', exact: true }).waitFor();
      expect(await page.getByRole('switch', { name: 'Hide from podcast directories' }).isChecked()).toBe(
        true,
      );
      expect(await page.getByRole('switch', { name: 'Podcast complete' }).isChecked()).toBe(true);
      expect(await page.getByRole('combobox', { name: 'License', exact: true }).inputValue()).toBe(
        'Creative Commons Attribution 4.0 (CC-BY-4.0)',
      );
      expect(await page.getByLabel('License URL').inputValue()).toBe(
        'https://creativecommons.org/licenses/by/4.0/',
      );
      expect(await page.getByLabel('Location', { exact: true }).inputValue()).toBe('Lisbon, Portugal');
      expect(await page.getByLabel('Coordinates').inputValue()).toBe('38.7223,-9.1393');
      expect(await page.getByLabel('OpenStreetMap ID').inputValue()).toBe('R5400890');
      expect(await page.getByRole('combobox', { name: 'Release schedule', exact: true }).inputValue()).toBe(
        'Every two weeks',
      );
      expect(await page.getByLabel('This schedule is complete').isChecked()).toBe(true);
      expect(await podroll(1).getByLabel('Podcast title').inputValue()).toBe('Podcasting 2.0');
      expect(await podroll(1).getByLabel('podcast:guid').inputValue()).toBe(PODROLL_GUID);
      expect(await podroll(1).getByLabel('Feed URL').inputValue()).toBe(PODROLL_FEED);
      expect(await podroll(2).count()).toBe(0);
      expect(await txt(1).getByLabel('Purpose').inputValue()).toBe('verify');
      expect(await txt(1).getByLabel(/^Text/).inputValue()).toBe(VERIFICATION);
      expect(await txt(2).getByLabel(/^Text/).inputValue()).toBe('Recorded on location.');
      expect(await page.getByText(podcastMessages.rssOutOfSync).count()).toBe(0);
      await expectAccessibleInBothThemes(page, 'the Podcast tab with every channel field filled');

      const saved = await (
        await browserApi(page, app.running.url)
      ).ok<Podcast>('GET', `/api/podcasts/${podcast.id}`);
      expect(saved).toMatchObject({
        feedBlock: true,
        feedComplete: true,
        license: { identifier: 'CC-BY-4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
        location: { name: 'Lisbon, Portugal', geo: '38.7223,-9.1393', osm: 'R5400890' },
        updateFrequency: { text: 'Every two weeks', rrule: 'FREQ=WEEKLY;INTERVAL=2', complete: true },
        podroll: [{ feedGuid: PODROLL_GUID, feedUrl: PODROLL_FEED, title: 'Podcasting 2.0' }],
        txt: [{ purpose: 'verify', value: VERIFICATION }, { value: 'Recorded on location.' }],
      });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "moves the podcast to the owner's new username and keeps its podcast:guid, made from the address it was created at",
    async () => {
      const api = await browserApi(page, app.running.url);
      const before = await api.ok<Podcast>('GET', `/api/podcasts/${podcast.id}`);
      expect(before.ownerUsername).toBe('ada');
      expect(before.podcastGuid).toBe(podcastGuidForFeedUrl(`${app.running.url}${feedPath(before)}`));

      await api.ok('PATCH', '/api/profile', { username: 'ada_lovelace' });

      const moved = await waitFor('the podcast to follow the new username', async () => {
        const current = await api.ok<Podcast>('GET', `/api/podcasts/${podcast.id}`);
        return current.ownerUsername === 'ada_lovelace' ? current : undefined;
      });
      expect(moved.podcastGuid).toBe(before.podcastGuid);
      expect(feedPath(moved)).toBe(`/feeds/ada_lovelace/${before.slug}.xml`);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
