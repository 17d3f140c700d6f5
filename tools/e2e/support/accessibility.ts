/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { waitForColorScheme } from './web-journey.js';

// The accessibility audit every browser test runs on every screen it opens: axe-core against the WCAG 2.0, 2.1 and
// 2.2 A and AA rules, in the light and the dark theme, and again after each state a person reaches (a modal open, a
// validation error shown, a menu expanded). A screen is not done until its test audits it (docs/contributing.md).

/** The axe-core tags of WCAG 2.2 level AA: every A and AA rule of 2.0, 2.1 and 2.2. */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] as const;

type ColorScheme = 'light' | 'dark';

/** The web app keeps the device's theme under this key (apps/web color-scheme-storage). */
const COLOR_SCHEME_STORAGE_KEY = 'castbase.colorScheme';

/**
 * Audits the page as it is now and fails with every violation: the rule, its impact, the elements, what to fix and
 * where the rule is explained. `state` names what is on screen, for the failure message.
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  await transitionsFinished(page);
  // Legacy mode: axe.run in the page and its same-origin frames (every frame of the app's pages). The default mode
  // runs axe.runPartial in each frame and then axe.finishRun in a blank page it opens for every audit, which made
  // each audit 2 to 7 s instead of 0.4 to 2 s and the browser tests twice as long; it is only needed to audit
  // cross-origin frames, which no page of the app has. Only violations are asked for: axe then builds a selector and
  // an HTML snippet for the elements of each violation only, not for every element that passed (about half of each
  // audit's time); which rules run, and what counts as a violation, is the same. `options` replaces every option, so
  // it comes before withTags, which adds the rules to run.
  const { violations } = await withBrowserTimers(page, () =>
    new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags([...WCAG_22_AA_TAGS])
      .setLegacyMode(true)
      .analyze(),
  );
  if (violations.length === 0) return;
  const findings = violations.map((violation) => {
    const nodes = violation.nodes.map(
      (node) =>
        `    at ${node.target.join(' ')}\n      ${node.html.slice(0, 160)}\n      ${(node.failureSummary ?? '').replaceAll('\n', '\n      ')}`,
    );
    return `- ${violation.id} (${violation.impact ?? 'unknown impact'}): ${violation.help}\n    ${violation.helpUrl}\n${nodes.join('\n')}`;
  });
  throw new Error(
    `${violations.length} WCAG 2.2 AA violation(s) on ${state} (${page.url()}):\n${findings.join('\n')}`,
  );
}

/**
 * Audits the page in the light and then the dark theme, and leaves it in the theme it had. The web app is switched
 * the way another tab's theme choice reaches it (a storage event, nothing saved); pages outside it (the sign-in
 * provider's, which follow the system) by the emulated system colour scheme.
 */
export async function expectAccessibleInBothThemes(page: Page, state: string): Promise<void> {
  const before = await currentScheme(page);
  for (const scheme of ['light', 'dark'] as const) {
    await showScheme(page, scheme);
    await expectAccessible(page, `${state} (${scheme} theme)`);
  }
  await showScheme(page, before.scheme, before.preference ?? 'auto');
  // Nothing is left on the device that was not there before.
  if (before.preference === null) {
    await page.evaluate((key) => window.localStorage.removeItem(key), COLOR_SCHEME_STORAGE_KEY);
  }
}

/** The timer functions a page's emulated clock (page.clock) replaces. */
const CLOCK_TIMERS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] as const;

/**
 * Runs `audit` with the browser's own timers in the page. axe-core waits on setTimeout between its rules, so under a
 * paused emulated clock (a test holding a page's own timers still while it is audited) it would never finish. The
 * page's timers stay on the emulated clock; axe's run on the real one. Playwright keeps the real functions for its
 * own injected scripts in `__pwClock.builtins` (its utility script reads them from there the same way).
 */
async function withBrowserTimers<T>(page: Page, audit: () => Promise<T>): Promise<T> {
  const swapped = await page.evaluate((names) => {
    const clock = (window as { __pwClock?: { builtins: Record<string, unknown> } }).__pwClock;
    if (!clock) return false;
    const target = window as unknown as Record<string, unknown>;
    target.__castbaseEmulatedTimers = Object.fromEntries(names.map((name) => [name, target[name]]));
    for (const name of names) target[name] = clock.builtins[name];
    return true;
  }, CLOCK_TIMERS);
  if (!swapped) return audit();
  try {
    return await audit();
  } finally {
    await page.evaluate((names) => {
      const target = window as unknown as Record<string, unknown>;
      const emulated = target.__castbaseEmulatedTimers as Record<string, unknown>;
      for (const name of names) target[name] = emulated[name];
      delete target.__castbaseEmulatedTimers;
    }, CLOCK_TIMERS);
  }
}

/**
 * Waits for every finite animation and transition (a menu or modal fading in) to end: colours in mid-fade are not
 * the ones a person reads. Endless ones (spinners) are left running.
 */
function transitionsFinished(page: Page): Promise<unknown> {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

async function currentScheme(page: Page): Promise<{ scheme: ColorScheme; preference: string | null }> {
  return page.evaluate((key) => {
    const applied = document.documentElement.getAttribute('data-mantine-color-scheme');
    const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    return {
      scheme: applied === 'dark' || applied === 'light' ? applied : system,
      preference: window.localStorage.getItem(key),
    };
  }, COLOR_SCHEME_STORAGE_KEY);
}

async function showScheme(page: Page, scheme: ColorScheme, preference: string = scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const isWebApp = await page.evaluate(
    ({ key, value }) => {
      if (!document.documentElement.hasAttribute('data-mantine-color-scheme')) return false;
      window.dispatchEvent(
        new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }),
      );
      return true;
    },
    { key: COLOR_SCHEME_STORAGE_KEY, value: preference },
  );
  if (isWebApp) {
    await waitForColorScheme(page, scheme);
  } else {
    await page.waitForFunction(
      (expected) => window.matchMedia(`(prefers-color-scheme: ${expected})`).matches,
      scheme,
    );
  }
}

/** The text of the elements that describe a field (its aria-describedby): its hint and its error, as announced. */
export function describedTextOf(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** One stop of the keyboard's Tab order: what was focused, and whether a focus ring could be seen on it. */
export interface FocusStop {
  element: string;
  ringVisible: boolean;
}

/**
 * Presses Tab from the top of the page until focus leaves it or comes round again. Returns each element reached, in
 * order, with whether it showed a focus indicator (an outline of at least 2px, or a box shadow, on it or on a
 * visually hidden input's drawn control), and every visible interactive element never reached.
 */
export async function tabThroughPage(page: Page): Promise<{ stops: FocusStop[]; unreached: string[] }> {
  const interactive = await page.evaluate(() => {
    // Tab starts from the top of the page: from a focusable marker placed first, which is taken away at the end.
    const start = document.createElement('span');
    start.tabIndex = -1;
    start.setAttribute('data-tab-audit-start', '');
    document.body.prepend(start);
    start.focus();
    const selector =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
      'textarea:not([disabled]), audio[controls], video[controls], [tabindex]:not([tabindex="-1"])';
    // tabindex="-1" takes an element out of the Tab order on purpose: the other tabs of a tab list and the other
    // items of a composite widget (reached with the arrow keys, tested on their own), or a step that cannot be chosen.
    const found = [...document.querySelectorAll<HTMLElement>(selector)].filter(
      (element) =>
        element.tabIndex >= 0 &&
        element.checkVisibility() &&
        !element.closest('[inert], [aria-hidden="true"]'),
    );
    found.forEach((element, index) => element.setAttribute('data-tab-audit', String(index)));
    return found.length;
  });
  const stops: FocusStop[] = [];
  const reached = new Set<string>();
  for (let press = 0; press < interactive * 2 + 10; press++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return null;
      const shows = (element: Element) => {
        const style = getComputedStyle(element);
        return (
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none'
        );
      };
      const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40) ?? '';
      return {
        id: focused.getAttribute('data-tab-audit') ?? '',
        element: `${focused.tagName.toLowerCase()}${name ? ` "${name}"` : ''}`,
        // A visually hidden input (a switch's) shows its ring on the control drawn right after it; the text box of
        // a tags input or combobox on the field around it.
        ringVisible:
          shows(focused) ||
          (getComputedStyle(focused).opacity === '0' &&
            focused.nextElementSibling !== null &&
            shows(focused.nextElementSibling)) ||
          [focused.parentElement, focused.parentElement?.parentElement].some(
            (around) =>
              around instanceof HTMLElement && around.matches('.mantine-Input-input') && shows(around),
          ),
      };
    });
    if (!stop || (stop.id !== '' && reached.has(stop.id))) break;
    reached.add(stop.id);
    stops.push({ element: stop.element, ringVisible: stop.ringVisible });
  }
  const unreached = await page.evaluate(
    (ids) => {
      document.querySelector('[data-tab-audit-start]')?.remove();
      return [...document.querySelectorAll<HTMLElement>('[data-tab-audit]')]
        .filter((element) => !ids.includes(element.getAttribute('data-tab-audit') ?? ''))
        .map(
          (element) =>
            `${element.tagName.toLowerCase()} "${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}"`,
        );
    },
    [...reached],
  );
  return { stops, unreached };
}

/** Waits until the element has keyboard focus: focus moves after a render, a page load or a closing dialog. */
export async function waitForFocusOn(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator.page().waitForFunction((target) => target === document.activeElement, element);
}
