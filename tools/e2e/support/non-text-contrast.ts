/// <reference lib="dom" />
import type { Page } from 'playwright-core';

// Non-text contrast (WCAG 1.4.11) that axe does not measure: focus rings and input borders against what is around
// them.

/** WCAG's contrast ratio of two computed colours ('rgb(…)' or 'rgba(…)'). */
export function contrastRatio(first: string, second: string): number {
  const luminance = (colour: string) => {
    const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
      const value = Number(channel) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter = 0, darker = 0] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter + 0.05) / (darker + 0.05);
}

/** How an element is drawn (outline, border) and the colour around it. Runs in the page: self-contained. */
export function paintOf(element: Element) {
  const transparent = (colour: string) => colour === 'transparent' || /^rgba\(.*,\s*0\)$/.test(colour);
  let around = element.parentElement;
  while (around && transparent(getComputedStyle(around).backgroundColor)) around = around.parentElement;
  const style = getComputedStyle(element);
  return {
    element: `${element.tagName.toLowerCase()} "${element.textContent?.trim() || element.getAttribute('name') || ''}"`,
    outlineStyle: style.outlineStyle,
    outlineWidth: parseFloat(style.outlineWidth),
    outlineColor: style.outlineColor,
    borderColor: style.borderTopColor,
    around: getComputedStyle(around ?? document.documentElement).backgroundColor,
  };
}

/**
 * The controls whose focus ring is not an outline of at least 2px standing out 3:1 from what is around it. Run right
 * after Tab: focus moved by script then shows the keyboard's ring (:focus-visible) as Tab does.
 */
export async function faintFocusRings(
  page: Page,
): Promise<Array<ReturnType<typeof paintOf> & { contrast: number }>> {
  const rings = [];
  for (const control of await page.locator('a[href], button, input:not([type="hidden"])').all()) {
    await control.focus();
    const paint = await control.evaluate(paintOf);
    rings.push({ ...paint, contrast: contrastRatio(paint.outlineColor, paint.around) });
  }
  return rings.filter((ring) => ring.outlineStyle === 'none' || ring.outlineWidth < 2 || ring.contrast < 3);
}

/** The inputs whose border stands out less than 3:1 from the card around them (WCAG 1.4.11), in both schemes. */
export async function faintInputBorders(page: Page): Promise<Array<{ colorScheme: string; input: string }>> {
  const faint: Array<{ colorScheme: string; input: string }> = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const input of await page.locator('input:not([type="hidden"])').all()) {
      const { element, borderColor, around } = await input.evaluate(paintOf);
      if (contrastRatio(borderColor, around) < 3) faint.push({ colorScheme, input: element });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return faint;
}
