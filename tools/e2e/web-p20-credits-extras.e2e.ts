/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import {
  alternateEnclosureMessages,
  episodeMessages,
  licenseMessages,
  locationMessages,
  personMessages,
  type Episode,
  type Podcast,
} from '@castbase/contracts';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import type { ApiClient } from './support/api-client.js';
import { choose as chooseIn, invitedContributor } from './support/episode-editor-journey.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, type DeviceStorage } from './support/web-journey.js';

// The Enhancements tab's credits, funding, location, license and alternate enclosures editors, in a real browser
// against the all-in-one process: filled on a real episode with the contracts' rules refusing bad input, saved with
// the episode, and read back after a reload and through the API. Set E2E_SCREENSHOT_DIR to keep screenshots.

const JOURNEY_TIMEOUT_MS = 240_000;

describe('the credits and extras editors of an episode', () => {
  let app: WebAppUnderTest;
  let device: DeviceStorage;
  let podcast: Podcast;
  let episodeId: string;
  let context: BrowserContext;
  let page: Page;

  const api = (): Promise<ApiClient> => browserApi(page, app.running.url);
  const dialog = (name: string) => page.getByRole('dialog', { name });
  // An open section of the accordion, named by its control (the title, then what it holds).
  const section = (title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) });
  const openEnhancements = async () => {
    await page.goto(`${app.running.url}/p/${podcast.id}/episodes/${episodeId}/edit`);
    // 'Edit Episode', or 'Episode' for a viewer.
    await page.getByRole('heading', { level: 1, name: /Episode$/ }).waitFor();
    await page.getByRole('tab', { name: 'Enhancements' }).click();
    for (const title of ['Persons and credits', 'Funding', 'Location', 'License', 'Alternate enclosures']) {
      await page.getByRole('button', { name: new RegExp(`^${title}`) }).click();
      await section(title).waitFor();
    }
  };
  const fill = (within: Locator, label: string, text: string) =>
    within.getByRole('textbox', { name: label, exact: true }).fill(text);

  beforeAll(async () => {
    app = await startWebAppUnderTest('webp20credits');
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
    'fills credits from a template and by hand, funding, a location, a license and an alternate enclosure, refusing bad input with the rules’ messages, and keeps them after a save and a reload',
    async () => {
      await page.goto(app.running.url);
      episodeId = (
        await (
          await api()
        ).ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, { title: 'Credits and extras' })
      ).id;
      await openEnhancements();
      await page.getByText('No one is credited yet.').waitFor();
      await expectAccessibleInBothThemes(page, 'the Enhancements tab with the editors open and empty');

      // A template asks for its persons' names before adding them.
      await page.getByRole('button', { name: 'Use a template' }).click();
      await page.getByRole('menuitem', { name: /^Interview/ }).click();
      const template = dialog('Interview template');
      await template.getByRole('button', { name: 'Add 2 persons' }).click();
      expect(await template.getByText(personMessages.nameRequired).count()).toBe(2);
      await expectAccessibleInBothThemes(page, 'the Interview template asking for names');
      await screenshotInBothThemes(template, 'p20-person-template-invalid');
      await fill(template, 'Host name', 'Ada Lovelace');
      await fill(template, 'Guest name', 'Grace Hopper');
      await template.getByRole('button', { name: 'Add 2 persons' }).click();
      await template.waitFor({ state: 'detached' });

      // By hand: a picture that is not a URL is refused; one that does not load says so in the list.
      await page.getByRole('button', { name: 'Add person' }).click();
      const person = dialog('Add person');
      await fill(person, 'Name', 'Alan Turing');
      await chooseIn(page, 'Role', 'Producer');
      await fill(person, 'Picture URL', 'portrait.png');
      await fill(person, 'Website or profile', 'https://example.org/alan');
      await person.getByRole('button', { name: 'Add person' }).click();
      await person.getByText(personMessages.invalidUrl).waitFor();
      await expectAccessibleInBothThemes(page, 'the person form refusing a picture URL');
      await screenshotInBothThemes(person, 'p20-person-form-invalid');
      await fill(person, 'Picture URL', `${app.running.url}/api/no-such-portrait.png`);
      await person.getByRole('button', { name: 'Add person' }).click();
      await person.waitFor({ state: 'detached' });
      const persons = page.getByRole('list', { name: 'Persons' });
      await persons.getByText(personMessages.imageFailed).waitFor();
      expect(await persons.getByRole('listitem').count()).toBe(3);

      // The same person twice in one role is refused.
      await page.getByRole('button', { name: 'Add person' }).click();
      await fill(person, 'Name', 'Grace Hopper');
      await chooseIn(page, 'Role', 'Guest');
      await person.getByRole('button', { name: 'Add person' }).click();
      await person.getByText(personMessages.duplicate('Grace Hopper', 'Guest')).waitFor();
      await person.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Add funding link' }).click();
      const funding = dialog('Add funding link');
      await fill(funding, 'URL', 'https://example.org/support');
      await fill(funding, 'Title', 'Support the show');
      await fill(funding, 'Message', 'Every coffee keeps the signal on.');
      await funding.getByRole('button', { name: 'Add link' }).click();
      await funding.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add location' }).click();
      const location = dialog('Add location');
      await fill(location, 'Name', 'Lisbon, Portugal');
      await fill(location, 'Coordinates', '91,-9.1393');
      await fill(location, 'OpenStreetMap ID', '5400890');
      await location.getByRole('button', { name: 'Save location' }).click();
      await location.getByText(locationMessages.latitudeRange).waitFor();
      await location.getByText(locationMessages.osmFormat).waitFor();
      await expectAccessibleInBothThemes(page, 'the location form refusing coordinates out of range');
      await screenshotInBothThemes(location, 'p20-location-form-invalid');
      await fill(location, 'Coordinates', '38.7223,-9.1393');
      await fill(location, 'OpenStreetMap ID', 'R5400890');
      await location.getByRole('button', { name: 'Save location' }).click();
      await location.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add license' }).click();
      const license = dialog('Add license');
      await license.getByRole('button', { name: 'Save license' }).click();
      await license.getByText(licenseMessages.identifierRequired).waitFor();
      await chooseIn(page, 'License', 'Creative Commons Attribution 4.0 (CC-BY-4.0)');
      expect(await license.getByRole('textbox', { name: 'License URL' }).inputValue()).toBe(
        'https://creativecommons.org/licenses/by/4.0/',
      );
      await license.getByRole('button', { name: 'Save license' }).click();
      await license.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Add alternate enclosure' }).click();
      const enclosure = dialog('Add alternate enclosure');
      await enclosure.getByRole('button', { name: 'Add enclosure' }).click();
      await enclosure.getByText(alternateEnclosureMessages.typeRequired).waitFor();
      await enclosure.getByText(alternateEnclosureMessages.sourcesRequired).waitFor();
      await enclosure.getByRole('combobox', { name: 'Type', exact: true }).fill('audio/opus');
      await fill(enclosure, 'Title', 'Opus 64k');
      await enclosure.getByRole('textbox', { name: 'Bitrate (kbit/s)' }).fill('64');
      await enclosure.getByRole('textbox', { name: 'Language' }).fill('en');
      await fill(enclosure, 'Source URL 1', 'https://cdn.example.org/credits.opus');
      await enclosure.getByRole('button', { name: 'Add source' }).click();
      await fill(enclosure, 'Source URL 2', 'ipfs-mirror');
      await enclosure.getByRole('button', { name: 'Add enclosure' }).click();
      await enclosure.getByText(alternateEnclosureMessages.invalidUrl).waitFor();
      await expectAccessibleInBothThemes(page, 'the alternate enclosure form refusing a source');
      await screenshotInBothThemes(enclosure, 'p20-enclosure-form-invalid');
      await fill(enclosure, 'Source URL 2', 'https://mirror.example.net/credits.opus');
      await enclosure.getByRole('button', { name: 'Add enclosure' }).click();
      await enclosure.waitFor({ state: 'detached' });

      const panel = page.getByRole('tabpanel', { name: 'Enhancements' });
      await expectAccessibleInBothThemes(
        page,
        'the Enhancements tab with credits, funding, location, license and an enclosure',
      );
      await screenshotInBothThemes(panel, 'p20-credits-extras-filled');

      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(episodeMessages.saved, { exact: true }).waitFor();

      const saved = await (await api()).ok<Episode>('GET', `/api/episodes/${episodeId}`);
      expect(saved.persons.map(({ name, role, group }) => ({ name, role, group }))).toEqual([
        { name: 'Ada Lovelace', role: 'Host', group: undefined },
        { name: 'Grace Hopper', role: 'Guest', group: undefined },
        { name: 'Alan Turing', role: 'Producer', group: undefined },
      ]);
      expect(saved.persons[2]).toMatchObject({
        img: `${app.running.url}/api/no-such-portrait.png`,
        href: 'https://example.org/alan',
      });
      expect(saved.funding).toEqual([
        {
          url: 'https://example.org/support',
          title: 'Support the show',
          message: 'Every coffee keeps the signal on.',
        },
      ]);
      expect(saved.location).toEqual({ name: 'Lisbon, Portugal', geo: '38.7223,-9.1393', osm: 'R5400890' });
      expect(saved.license).toEqual({
        identifier: 'CC-BY-4.0',
        url: 'https://creativecommons.org/licenses/by/4.0/',
      });
      expect(saved.alternateEnclosures).toEqual([
        {
          type: 'audio/opus',
          title: 'Opus 64k',
          bitrate: 64_000,
          lang: 'en',
          sources: ['https://cdn.example.org/credits.opus', 'https://mirror.example.net/credits.opus'],
        },
      ]);

      await page.reload();
      await openEnhancements();
      for (const text of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', personMessages.imageFailed]) {
        await section('Persons and credits').getByText(text, { exact: true }).waitFor();
      }
      await section('Funding').getByText('Support the show').waitFor();
      await section('Location').getByText('Lisbon, Portugal').waitFor();
      await section('License').getByText('CC-BY-4.0', { exact: true }).waitFor();
      await section('Alternate enclosures').getByText('Opus 64k').waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'asks before removing a person, and the removal is saved with the episode',
    async () => {
      await openEnhancements();
      await page.getByRole('button', { name: 'Remove Grace Hopper' }).click();
      const confirmation = dialog('Remove Grace Hopper?');
      await expectAccessibleInBothThemes(page, 'the confirmation before removing a person');
      await confirmation.getByRole('button', { name: 'Cancel' }).click();
      await confirmation.waitFor({ state: 'detached' });
      await section('Persons and credits').getByText('Grace Hopper', { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Remove Grace Hopper' }).click();
      await confirmation.getByRole('button', { name: 'Remove', exact: true }).click();
      await section('Persons and credits')
        .getByText('Grace Hopper', { exact: true })
        .waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByText(episodeMessages.saved, { exact: true }).waitFor();
      const saved = await (await api()).ok<Episode>('GET', `/api/episodes/${episodeId}`);
      expect(saved.persons.map((person) => person.name)).toEqual(['Ada Lovelace', 'Alan Turing']);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'shows a viewer the credits and extras without any control to change them',
    async () => {
      await page.goto(app.running.url);
      const owner = await api();
      await context.close();
      page = await invitedContributor(app.browser, app.running.url, owner, podcast.id, {
        email: 'vera@example.com',
        role: 'viewer',
        firstName: 'Vera',
        username: 'vera',
      });
      context = page.context();
      await openEnhancements();
      await page.getByText('View only').waitFor();
      await section('Persons and credits').getByText('Alan Turing', { exact: true }).waitFor();
      await section('Alternate enclosures').getByText('Opus 64k').waitFor();
      const panel = page.getByRole('tabpanel', { name: 'Enhancements' });
      for (const name of [/^Add /, /^Edit /, /^Remove /, 'Use a template']) {
        expect(await panel.getByRole('button', { name }).count()).toBe(0);
      }
      await expectAccessibleInBothThemes(page, 'the credits and extras of a viewer');
      await screenshotInBothThemes(panel, 'p20-credits-extras-viewer');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
