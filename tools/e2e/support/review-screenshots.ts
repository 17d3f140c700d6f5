/// <reference lib="dom" />
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { colorSchemeOf, waitForColorScheme } from './web-journey.js';

/** The web app keeps the device's theme under this key (apps/web color-scheme-storage). */
const COLOR_SCHEME_STORAGE_KEY = 'castbase.colorScheme';

/**
 * When `E2E_SCREENSHOT_DIR` is set, saves `<name>-light.png` and `<name>-dark.png` of the element there, for a person
 * to look at a component in each state it reaches; otherwise does nothing. The theme is switched as another tab's
 * choice reaches the app (a storage event, nothing saved) and put back after.
 */
export async function screenshotInBothThemes(element: Locator, name: string): Promise<void> {
  const directory = process.env['E2E_SCREENSHOT_DIR'];
  if (!directory) return;
  await mkdir(directory, { recursive: true });
  const page = element.page();
  const before = (await colorSchemeOf(page)) === 'dark' ? 'dark' : 'light';
  for (const scheme of ['light', 'dark'] as const) {
    await showScheme(element, scheme);
    await element.screenshot({ path: join(directory, `${name}-${scheme}.png`), animations: 'disabled' });
  }
  await showScheme(element, before);
}

async function showScheme(element: Locator, scheme: 'light' | 'dark'): Promise<void> {
  const page = element.page();
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate(
    ({ key, value }) =>
      window.dispatchEvent(
        new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }),
      ),
    { key: COLOR_SCHEME_STORAGE_KEY, value: scheme },
  );
  await waitForColorScheme(page, scheme);
}
