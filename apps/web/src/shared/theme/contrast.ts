import { darken, lighten, luminance } from '@mantine/core';

/** WCAG 2.2 AA asks 4.5:1 of text; the margin keeps rounding in the browser from tipping a colour under it. */
const MIN_TEXT_CONTRAST = 4.6;

/** The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour, or the nearest darker (or lighter) mix of it that reads at 4.5:1 on every background given. */
export function readableOn(
  color: string,
  backgrounds: readonly string[],
  toward: 'darker' | 'lighter',
): string {
  const shift = toward === 'darker' ? darken : lighten;
  for (let amount = 0; amount < 1; amount += 0.04) {
    const candidate = amount === 0 ? color : shift(color, amount);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST)) {
      return candidate;
    }
  }
  return toward === 'darker' ? '#000000' : '#ffffff';
}
