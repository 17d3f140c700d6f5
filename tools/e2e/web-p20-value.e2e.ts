/// <reference lib="dom" />
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import {
  episodeMessages,
  errorCatalogue,
  valueMessages,
  type Episode,
  type LightningLookupReply,
  type Podcast,
} from '@castbase/contracts';
import { waitFor } from '@castbase/platform-testing';
import { expectAccessibleInBothThemes } from './support/accessibility.js';
import { ApiClient } from './support/api-client.js';
import { choose as chooseIn } from './support/episode-editor-journey.js';
import { screenshotInBothThemes } from './support/review-screenshots.js';
import { startWebAppUnderTest, type WebAppUnderTest } from './support/web-app.js';
import { browserApi, signedUpCreator, type DeviceStorage } from './support/web-journey.js';

// The Value4Value editor of the episode editor's Enhancements tab, in a real browser against the all-in-one process:
// the default block, two recipients with their splits, a split above the remaining share and addresses refused (one
// by its form, one by the gateway's lookup, which will not reach a loopback host), a node public key accepted, the
// value-flow figures, the save, the reload, and turning it off. Then the lookup and remote-text endpoints over HTTP.
// Set E2E_SCREENSHOT_DIR to keep screenshots.

const JOURNEY_TIMEOUT_MS = 240_000;
const HOST_PUBKEY = '03ae9f91a0cb8ff43840e3c322c4c61f019d8c1c3cea15a25cfc425ac605e61a4a';
const APP_LNURL =
  'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQ';

describe('the Value4Value editor', () => {
  let app: WebAppUnderTest;
  let device: DeviceStorage;
  let podcast: Podcast;
  let episodeId: string;
  let context: BrowserContext;
  let page: Page;

  const api = (): Promise<ApiClient> => browserApi(page, app.running.url);
  const storedValue = async () =>
    (await (await api()).ok<Episode>('GET', `/api/episodes/${episodeId}`)).value;
  const section = () => page.getByRole('region', { name: /^Value4Value/ });
  const recipients = () => page.getByRole('list', { name: 'Recipients' });
  const modal = () => page.getByRole('dialog');
  const saveRecipient = () => modal().getByRole('button', { name: 'Save recipient' });
  const addressField = () => modal().getByRole('textbox', { name: 'Lightning address' });
  const splitField = () => modal().getByRole('textbox', { name: 'Split' });

  async function openValueEditor() {
    await page.goto(`${app.running.url}/p/${podcast.id}/episodes/${episodeId}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit Episode' }).waitFor();
    await page.getByRole('tab', { name: 'Enhancements' }).click();
    await page.getByRole('button', { name: /^Value4Value/ }).click();
  }

  /** Types an address and leaves the field, as the check runs on blur. */
  async function enterAddress(address: string) {
    await addressField().fill(address);
    await modal().getByRole('textbox', { name: 'Name' }).focus();
  }

  async function saveEpisode() {
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(episodeMessages.saved, { exact: true }).waitFor();
  }

  beforeAll(async () => {
    app = await startWebAppUnderTest('webp20value');
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
    'turns Value4Value on, adds two recipients within the splits, refuses bad addresses, shows the value flow, and keeps it when saved',
    async () => {
      await page.goto(app.running.url);
      const created = await (
        await api()
      ).ok<Episode>('POST', `/api/podcasts/${podcast.id}/episodes`, { title: 'Signal Hour 1' });
      episodeId = created.id;
      await openValueEditor();

      const toggle = page.getByRole('switch', { name: 'Accept Value4Value payments' });
      expect(await toggle.isChecked()).toBe(false);
      await toggle.check();
      await section().getByText('No recipients yet.').waitFor();
      expect(await page.getByRole('textbox', { name: 'Suggested amount (BTC)' }).inputValue()).toBe(
        '0.00000005',
      );
      await section().getByText('5 sats per minute').waitFor();
      await section().getByText(valueMessages.recipientRequired).waitFor();

      // The host: an address refused by its form, then one refused by the lookup, then a node public key.
      await page.getByRole('button', { name: 'Add recipient' }).click();
      await modal().getByRole('textbox', { name: 'Name' }).fill('Ada (host)');
      expect(await splitField().inputValue()).toBe('100%');
      await enterAddress('not an address');
      await modal().getByText(valueMessages.addressInvalid).waitFor();
      expect(await saveRecipient().isDisabled()).toBe(true);
      await enterAddress('ada@localhost');
      await modal().getByText(errorCatalogue.REMOTE_URL_NOT_ALLOWED.message).waitFor();
      await modal().getByText(valueMessages.addressInvalid).waitFor();
      expect(await saveRecipient().isDisabled()).toBe(true);
      await expectAccessibleInBothThemes(page, 'the recipient form with an address the lookup refused');
      await screenshotInBothThemes(modal(), 'value-recipient-refused');
      await enterAddress(HOST_PUBKEY);
      await modal().getByText(valueMessages.addressInvalid).waitFor({ state: 'detached' });
      await splitField().fill('70');
      await saveRecipient().click();
      await recipients().getByRole('listitem', { name: 'Ada (host)' }).waitFor();

      // The app's fee: the split offered is what is left, and more than that is refused.
      await page.getByRole('button', { name: 'Add recipient' }).click();
      expect(await splitField().inputValue()).toBe('30%');
      await modal().getByRole('textbox', { name: 'Name' }).fill('Fountain');
      await enterAddress(APP_LNURL);
      await splitField().fill('45');
      await modal().getByText(valueMessages.splitExceeds(30)).waitFor();
      expect(await saveRecipient().isDisabled()).toBe(true);
      await splitField().fill('30');
      await modal().getByText(valueMessages.splitExceeds(30)).waitFor({ state: 'detached' });
      await modal().getByRole('switch', { name: 'Fee recipient' }).check();
      await saveRecipient().click();
      await recipients().getByRole('listitem', { name: 'Fountain' }).waitFor();
      await section().getByText(valueMessages.recipientRequired).waitFor({ state: 'detached' });

      // 100 sats suggested: 70 to the host, 30 to the app, in the value-flow example.
      await page.getByRole('textbox', { name: 'Suggested amount (BTC)' }).fill('0.000001');
      await section().getByText('Value flow for 100 sats').waitFor();
      const flow = section().getByRole('table', { name: 'Value flow for 100 sats' });
      expect(await flow.getByRole('row').allInnerTexts()).toEqual([
        expect.stringMatching(/Recipient\s+Split\s+Receives/),
        expect.stringMatching(/Ada \(host\)\s+70%\s+70 sats/),
        expect.stringMatching(/Fountain\s+Fee\s+30%\s+30 sats/i),
      ]);
      await page.getByRole('button', { name: 'Validate' }).click();
      await section().getByRole('status').filter({ hasText: valueMessages.valid }).waitFor();
      await page.getByRole('button', { name: 'How Value4Value works' }).click();
      await section().getByText('Streaming sats.').waitFor();
      await expectAccessibleInBothThemes(page, 'the Value4Value editor with two recipients');
      await screenshotInBothThemes(section(), 'value-editor');

      await saveEpisode();
      expect(await storedValue()).toEqual({
        type: 'lightning',
        method: 'keysend',
        suggested: 0.000001,
        recipients: [
          { name: 'Ada (host)', type: 'node', address: HOST_PUBKEY, split: 70, fee: false },
          { name: 'Fountain', type: 'node', address: APP_LNURL, split: 30, fee: true },
        ],
      });

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Edit Episode' }).waitFor();
      await page.getByRole('tab', { name: 'Enhancements' }).click();
      await page.getByRole('button', { name: /^Value4Value/ }).click();
      await recipients().getByRole('listitem', { name: 'Ada (host)' }).waitFor();
      await recipients().getByRole('listitem', { name: 'Fountain' }).getByText('30%').waitFor();
      expect(await page.getByRole('textbox', { name: 'Suggested amount (BTC)' }).inputValue()).toBe(
        '0.000001',
      );
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'edits a recipient within the share the others leave, and removes the block only after asking',
    async () => {
      await openValueEditor();
      await recipients().getByRole('button', { name: 'Edit Fountain' }).click();
      await modal().getByRole('textbox', { name: 'Split' }).fill('31');
      await modal().getByText(valueMessages.splitExceeds(30)).waitFor();
      await modal().getByRole('button', { name: 'Cancel' }).click();
      await chooseIn(page, 'Payment method', 'AMP');

      // The switch stays on until the question is answered.
      await page.getByRole('switch', { name: 'Accept Value4Value payments' }).click();
      const confirm = page.getByRole('dialog', { name: valueMessages.disableTitle });
      await confirm.getByText(valueMessages.disableMessage(2)).waitFor();
      await expectAccessibleInBothThemes(page, 'the question before turning Value4Value off');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      expect(await page.getByRole('switch', { name: 'Accept Value4Value payments' }).isChecked()).toBe(true);
      await saveEpisode();
      await waitFor('the AMP method to be saved', async () => (await storedValue())?.method === 'amp');

      await page.getByRole('switch', { name: 'Accept Value4Value payments' }).click();
      await page
        .getByRole('dialog', { name: valueMessages.disableTitle })
        .getByRole('button', { name: 'Turn off' })
        .click();
      await recipients().waitFor({ state: 'detached' });
      await saveEpisode();
      // The first save's message may still be showing: the stored episode says when this one has landed.
      await waitFor('the block to be removed', async () => (await storedValue()) === null);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it('answers the lookup and remote text over HTTP: refusals as 4xx JSON, never a 500, and only when signed in', async () => {
    await page.goto(app.running.url);
    const signedIn = await api();
    for (const host of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      'localhost',
      '[::ffff:169.254.169.254]',
    ]) {
      const address = `alice@${host}`;
      const { status, body } = await signedIn.call<LightningLookupReply>(
        'GET',
        `/api/lightning-addresses/lookup?address=${encodeURIComponent(address)}`,
      );
      if (host.startsWith('[')) {
        // Not a name@host form the spec knows: refused before any lookup.
        expect({ status, body }).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
        continue;
      }
      expect({ status, body }).toEqual({
        status: 200,
        body: {
          address,
          valid: false,
          reason: errorCatalogue.REMOTE_URL_NOT_ALLOWED.message,
          endpoint: null,
        },
      });
    }
    expect(await signedIn.call('GET', '/api/lightning-addresses/lookup?address=')).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: `address: ${valueMessages.addressRequired}` },
    });

    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/transcript.vtt',
      `${app.running.url}/api/podcasts`,
      'file:///etc/passwd',
    ]) {
      const { status, body } = await signedIn.call('GET', `/api/remote-text?url=${encodeURIComponent(url)}`);
      expect({ url, status, body }).toEqual({
        url,
        status: 422,
        body: { code: 'REMOTE_URL_NOT_ALLOWED', message: errorCatalogue.REMOTE_URL_NOT_ALLOWED.message },
      });
    }
    expect((await signedIn.call('GET', '/api/remote-text')).status).toBe(400);

    const anonymous = new ApiClient(app.running.url);
    expect((await anonymous.call('GET', '/api/remote-text?url=https%3A%2F%2Fexample.org%2F')).status).toBe(
      401,
    );
    expect(
      (await anonymous.call('GET', '/api/lightning-addresses/lookup?address=a%40example.org')).status,
    ).toBe(401);

    const document = await anonymous.ok<{ paths: Record<string, unknown> }>('GET', '/api/docs/openapi.json');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/lightning-addresses/lookup', '/api/remote-text']),
    );
  });
});
