/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import type { CDPSession, Page } from 'playwright-core';
import sharp from 'sharp';
import { sessionOf } from './web-journey.js';

// What the browser tests of the upload component share: files to send, the wizard up to its album art step, the
// network slowed down, and what the device and the server each know of an upload.

/** Where tus-js-client keeps the web app's unfinished uploads in local storage (apps/web unfinished-upload-keys). */
export const UNFINISHED_UPLOAD_KEY_PREFIX = 'tus::castbase|';

/** A square PNG of random pixels: it barely compresses, so a 2000 px side is about 12 MB. */
export function noisePng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A square PNG of one colour. */
export function plainPng(side: number): Promise<Buffer> {
  return sharp({ create: { width: side, height: side, channels: 3, background: '#3c6e9f' } })
    .png()
    .toBuffer();
}

/** Steps 1 and 2 of the onboarding wizard with valid answers; ends on step 3, Podcast Album Art. */
export async function openAlbumArtStep(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/onboarding?mode=podcast-creation`);
  await page.getByText('Step 1 of 4').waitFor();
  await page.getByLabel('Podcast name').fill('Morning Signals');
  await page
    .getByLabel('Description')
    .fill('A daily show about the signals that shape the morning news, with guests and listener questions.');
  await page.getByRole('combobox', { name: 'Category', exact: true }).click();
  await page.getByRole('option', { name: 'Technology' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 2 of 4').waitFor();
  await page.getByLabel('Host name').fill('Ada Lovelace');
  await page.getByRole('radio', { name: 'Clean' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Step 3 of 4').waitFor();
}

/** Limits the page's upload speed (CDP network emulation); null lifts the limit, 'offline' cuts the connection. */
export async function setUploadSpeed(
  cdp: CDPSession,
  bytesPerSecond: number | null | 'offline',
): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: bytesPerSecond === 'offline',
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: typeof bytesPerSecond === 'number' ? bytesPerSecond : -1,
  });
}

/** The upload URLs of the unfinished uploads the device keeps (tus-js-client removes one when it succeeds). */
export function storedUploadUrls(page: Page): Promise<string[]> {
  return page.evaluate(
    (prefix) =>
      Object.keys(window.localStorage)
        .filter((key) => key.startsWith(prefix))
        .map(
          (key) => (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { uploadUrl: string }).uploadUrl,
        ),
    UNFINISHED_UPLOAD_KEY_PREFIX,
  );
}

/** What the server holds of an upload: tus HEAD's Upload-Offset, or null when the upload is gone. */
export async function serverOffset(page: Page, uploadUrl: string): Promise<number | null> {
  const { accessToken } = await sessionOf(page);
  const answer = await fetch(uploadUrl, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${accessToken}` },
  });
  return answer.ok ? Number(answer.headers.get('upload-offset')) : null;
}

const progressSelector = (name: string) => `[role="progressbar"][aria-label="${name}"]`;

/** Waits until the progress bar named `name` shows at least `percent`. */
export async function waitForProgress(page: Page, name: string, percent: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, least }) =>
      Number(document.querySelector(selector)?.getAttribute('aria-valuenow') ?? -1) >= least,
    { selector: progressSelector(name), least: percent },
  );
}

/** Records every percent the progress bar named `name` shows from now on; read them with `recordedProgress`. */
export async function recordProgress(page: Page, name: string): Promise<void> {
  await page.evaluate((selector) => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const now = document.querySelector(selector)?.getAttribute('aria-valuenow');
      if (now !== null && now !== undefined && seen.at(-1) !== Number(now)) seen.push(Number(now));
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  }, progressSelector(name));
}

export function recordedProgress(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
}
