/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import type { Podcast } from '@castbase/contracts';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { signedUpContributor } from './support/contributor-journey.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, type DeviceStorage } from './support/web-journey.js';

// Contributors in the web app, in a real browser against the all-in-one process: a creator invites an editor and a
// viewer to her second podcast by e-mail; each signs up with the invited e-mail in a browser of their own and finds
// the podcast shared with their role; the owner changes a role and removes the editor, who is then sent on.

const JOURNEY_TIMEOUT_MS = 180_000;
const SECOND_NAME = 'Night Shift Radio';
const EDITOR_EMAIL = 'eddie@example.com';
const VIEWER_EMAIL = 'vera@example.com';

describe('contributors of a podcast in the web app', () => {
  let app: WebAppUnderTest;
  let secondId: string;
  let context: BrowserContext;
  let page: Page;
  /** The editor's signed-in device, kept to come back after her access is removed. */
  let editorStorage: DeviceStorage;

  const url = (path: string) => `${app.running.url}${path}`;
  const open = (path: string) => page.goto(url(path));
  const owner = () => browserApi(page, app.running.url);

  beforeAll(async () => {
    app = await startWebAppUnderTest('webcontributors');
    const creator = await signedUpCreator(app.browser, app.running.url, ['Morning Signals', SECOND_NAME]);
    secondId = (creator.podcasts[1] as Podcast).id;
    context = await app.browser.newContext({
      colorScheme: 'light',
      viewport: { width: 1280, height: 900 },
      storageState: creator.storageState,
    });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, JOURNEY_TIMEOUT_MS);

  afterAll(async () => {
    await context?.close();
    await app?.stop();
  }, JOURNEY_TIMEOUT_MS);

  it(
    'invites an editor and a viewer by e-mail from the Contributors dialog; they are pending',
    async () => {
      await open(`/p/${secondId}/podcasts`);
      await page.getByRole('button', { name: `Contributors of ${SECOND_NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Contributors of ${SECOND_NAME}` });
      await dialog.getByRole('list', { name: 'Contributors' }).getByRole('listitem').first().waitFor();
      expect(await dialog.getByRole('listitem').count()).toBe(1);
      expect(await dialog.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

      for (const [email, role] of [
        [EDITOR_EMAIL, 'Editor'],
        [VIEWER_EMAIL, 'Viewer'],
      ] as const) {
        await dialog.getByRole('button', { name: 'Invite Contributor' }).click();
        const invite = page.getByRole('dialog', { name: 'Invite Contributor' });
        await invite.getByLabel('Email').waitFor();
        if (role === 'Editor') {
          await invite.getByRole('button', { name: 'Send Invite' }).click();
          await invite.getByText('Email is required').waitFor();
          expect(await invite.getByText('Can create and edit episodes').isVisible()).toBe(true);
          expect(await invite.getByText('Can view episodes and analytics').isVisible()).toBe(true);
          await expectAccessibleInBothThemes(page, 'the Invite Contributor dialog with an error');
          await screenshotInBothThemes(invite, 'invite-contributor');
          await page.keyboard.press('Escape');
          await invite.waitFor({ state: 'hidden' });
          expect(await dialog.isVisible()).toBe(true);
          await dialog.getByRole('button', { name: 'Invite Contributor' }).click();
        }
        await invite.getByLabel('Email').fill(email);
        await invite.getByRole('radio', { name: role }).check();
        await invite.getByRole('button', { name: 'Send Invite' }).click();
        await dialog.getByText(`Invitation sent to ${email}`).waitFor();
      }
      expect(await dialog.getByRole('listitem').count()).toBe(3);
      expect(await dialog.getByText('Pending', { exact: true }).count()).toBe(2);
      await expectAccessibleInBothThemes(page, 'the Contributors dialog of the owner');
      await screenshotInBothThemes(dialog, 'contributors-owner');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets each contributor, once signed up, see the shared podcast in the switcher with their role; the editor reads the Podcasts page and the Podcast tab',
    async () => {
      for (const [email, role] of [
        [EDITOR_EMAIL, 'Editor'],
        [VIEWER_EMAIL, 'Viewer'],
      ] as const) {
        const contributor = await signedUpContributor(app.browser, app.running.url, email);
        try {
          const them = contributor.page;
          await them.goto(url('/dashboard'));
          await them.waitForURL(url(`/p/${secondId}/dashboard`));
          const switcher = them.getByRole('button', { name: `Switch podcast: ${SECOND_NAME} 1 podcast` });
          await switcher.click();
          const item = them.getByRole('menuitem', { name: SECOND_NAME });
          await item.getByText(`Shared · ${role}`).waitFor();
          expect(await item.getByText('(Current)').count()).toBe(1);
          await expectAccessibleInBothThemes(
            them,
            `the switcher of a shared podcast's ${role.toLowerCase()}`,
          );
          await screenshotInBothThemes(them.getByRole('menu'), `switcher-shared-${role.toLowerCase()}`);
          await them.keyboard.press('Escape');
          if (role === 'Viewer') continue;

          await them.goto(url(`/p/${secondId}/podcasts`));
          const card = them.getByRole('article', { name: SECOND_NAME });
          await card.getByText('Your role: Editor').waitFor();
          await card.getByRole('button', { name: `Contributors of ${SECOND_NAME}` }).click();
          const dialog = them.getByRole('dialog', { name: `Contributors of ${SECOND_NAME}` });
          await dialog
            .getByText("Only the podcast's owner can invite, change or remove contributors.")
            .waitFor();
          await dialog.getByRole('list', { name: 'Contributors' }).getByRole('listitem').first().waitFor();
          expect(await dialog.getByRole('button', { name: 'Invite Contributor' }).count()).toBe(0);
          expect(await dialog.getByRole('combobox').count()).toBe(0);
          await expectAccessibleInBothThemes(them, 'the Contributors dialog of an editor');
          await screenshotInBothThemes(dialog, 'contributors-editor');
          await them.keyboard.press('Escape');

          await them.goto(url(`/p/${secondId}/settings/podcast`));
          await them
            .getByText("Only the podcast's owner can change these settings. Your role: Editor.")
            .waitFor();
          expect(await them.getByRole('textbox').count()).toBe(1);
          expect(await them.getByLabel('RSS feed URL').inputValue()).toContain(
            '/feeds/ada/night-shift-radio.xml',
          );
          expect(await them.locator('dd').filter({ hasText: 'night-shift-radio' }).isVisible()).toBe(true);
          expect(await them.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
          expect(await them.getByRole('button', { name: 'Delete Podcast' }).count()).toBe(0);
          expect(await them.getByLabel('Private feed token').count()).toBe(0);
          await expectAccessibleInBothThemes(them, 'the Podcast tab read-only for an editor');
          await screenshotInBothThemes(them.getByRole('main'), 'podcast-tab-editor');
          editorStorage = await contributor.context.storageState();
        } finally {
          await contributor.context.close();
        }
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets the owner change a role and remove a contributor, but not herself',
    async () => {
      await open(`/p/${secondId}/podcasts`);
      await page.getByRole('button', { name: `Contributors of ${SECOND_NAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Contributors of ${SECOND_NAME}` });
      await dialog.getByRole('list', { name: 'Contributors' }).getByRole('listitem').first().waitFor();
      expect(await dialog.getByText('Active', { exact: true }).count()).toBe(3);

      await dialog.getByRole('combobox', { name: `Role of ${VIEWER_EMAIL}` }).click();
      await page.getByRole('option', { name: 'Editor' }).click();
      await dialog.getByText(`${VIEWER_EMAIL}'s role is now Editor`).waitFor();

      await dialog.getByRole('button', { name: `Remove ${EDITOR_EMAIL}` }).click();
      await dialog.getByText(`Remove ${EDITOR_EMAIL} from this podcast? They lose access at once.`).waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
      await expectAccessibleInBothThemes(page, 'the Contributors dialog confirming a removal');
      await screenshotInBothThemes(dialog, 'contributors-removal');
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
      await dialog.getByText(`${EDITOR_EMAIL} was removed from this podcast`).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Contributors');
      expect(await dialog.getByRole('listitem').count()).toBe(2);
      expect(await dialog.getByRole('button', { name: /^Remove/ }).count()).toBe(1);

      const editorContext = await app.browser.newContext({
        colorScheme: 'light',
        viewport: { width: 1280, height: 900 },
        storageState: editorStorage,
      });
      try {
        const editor = await editorContext.newPage();
        await editor.goto(url(`/p/${secondId}/dashboard`));
        await editor.waitForURL(url('/onboarding?source=dashboard'));
        expect(await editor.evaluate(() => window.localStorage.getItem('lastUsedPodcastId'))).toBeNull();
      } finally {
        await editorContext.close();
      }

      const contributors = await (
        await owner()
      ).ok<{ items: Array<{ email: string; role: string }> }>(
        'GET',
        `/api/podcasts/${secondId}/contributors`,
      );
      expect(contributors.items.map(({ email, role }) => [email, role]).sort()).toEqual(
        [
          ['ada@example.com', 'owner'],
          [VIEWER_EMAIL, 'editor'],
        ].sort(),
      );
    },
    JOURNEY_TIMEOUT_MS,
  );
});
