import {
  Button,
  DEFAULT_THEME,
  Drawer,
  InputWrapper,
  Menu,
  Modal,
  createTheme,
  darken,
  rem,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import { readableOn } from '../shared/theme/contrast.js';

const TOUCH_TARGET = rem(44);
const buttonSizes = new Set([
  'xs',
  'sm',
  'md',
  'lg',
  'xl',
  'compact-xs',
  'compact-sm',
  'compact-md',
  'compact-lg',
  'compact-xl',
]);

/**
 * Red one step darker from shade 8 on: a destructive button keeps the white label people expect (white on Mantine's
 * red 8 is 4.51:1, which the luminance rule below gives black text), at 5.5:1.
 */
const red = DEFAULT_THEME.colors.red;
const DANGER_RED: MantineColorsTuple = [
  red[0],
  red[1],
  red[2],
  red[3],
  red[4],
  red[5],
  red[6],
  red[7],
  red[9],
  '#a61e1e',
];

/** Relative luminance of black text is 0 and of white 1; 0.179 is where both read equally well on a fill. */
const EQUAL_CONTRAST_LUMINANCE = 0.179;

export const theme = createTheme({
  primaryColor: 'blue',
  // Filled buttons, badges and switches use shade 8 in both schemes; with autoContrast and the luminance threshold
  // where black and white text read equally, a fill of any colour gets the label colour that passes 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  colors: { red: DANGER_RED },
  autoContrast: true,
  luminanceThreshold: EQUAL_CONTRAST_LUMINANCE,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
  headings: { fontWeight: '750' },
  components: {
    // Every button is at least 44px tall, a comfortable touch target; larger sizes keep their own height.
    Button: Button.extend({
      vars: (_theme, { size = 'sm' }) =>
        typeof size === 'string' && buttonSizes.has(size)
          ? { root: { '--button-height': `max(var(--button-height-${size}), ${TOUCH_TARGET})` } }
          : { root: {} },
    }),
    // A menu opened from the keyboard focuses its first item, as the WAI-ARIA menu button pattern has it. Mantine's
    // stand-in element for first focus would sit inside role="menu" as a focusable element that is not a menu item.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    // The × of every dialog is named for screen readers and speech input.
    // Every dialog's title reads as its heading.
    Modal: Modal.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // A field's error is announced when it appears (it is also tied to the field by aria-describedby).
    InputWrapper: InputWrapper.extend({ defaultProps: { errorProps: { role: 'alert' } } }),
  },
});

/**
 * Mantine's default text colours are chosen for looks: dimmed text, links, errors and coloured text (`c="green"`,
 * light badges, outline buttons) fall under 4.5:1 in one scheme or the other. Here each is replaced by the nearest
 * colour that passes on the surfaces it is drawn on, so every screen inherits contrast that passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = ({ white, colors, primaryColor }) => {
  const { gray, dark } = colors;
  const lightSurfaces = [white, gray[0], gray[1]];
  // dark[4] is a hovered or keyboard-highlighted menu item.
  const darkSurfaces = [dark[4], dark[5], dark[6], dark[7], dark[8]];
  const light: Record<string, string> = {};
  const darkScheme: Record<string, string> = {};

  for (const [name, shades] of Object.entries(colors)) {
    if (!Array.isArray(shades)) continue;
    const lightText = readableOn(shades[8], [...lightSurfaces, shades[0], shades[1]], 'darker');
    light[`--mantine-color-${name}-text`] = lightText;
    light[`--mantine-color-${name}-outline`] = lightText;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], [shades[1], shades[2]], 'darker');
    const darkText = readableOn(shades[4], [...darkSurfaces, darken(shades[9], 0.5)], 'lighter');
    darkScheme[`--mantine-color-${name}-text`] = darkText;
    darkScheme[`--mantine-color-${name}-outline`] = darkText;
    darkScheme[`--mantine-color-${name}-light-color`] = readableOn(
      shades[0],
      [darken(shades[9], 0.5), darken(shades[9], 0.3)],
      'lighter',
    );
  }

  return {
    variables: {},
    light: withTextRoles(light, readableOn(gray[6], lightSurfaces, 'darker'), primaryColor),
    dark: withTextRoles(darkScheme, readableOn(dark[2], darkSurfaces, 'lighter'), primaryColor),
  };
};

/**
 * A scheme's colour variables with the roles Mantine draws text in: dimmed text and placeholders (the hint text of
 * an empty field) in the readable dimmed colour, links in the primary colour's text colour, errors in red's and
 * success in teal's.
 */
function withTextRoles(
  scheme: Record<string, string>,
  dimmed: string,
  primaryColor: string,
): Record<string, string> {
  const textOf = (name: string) => {
    const text = scheme[`--mantine-color-${name}-text`];
    if (!text) throw new Error(`The theme has no '${name}' colour`);
    return text;
  };
  return {
    ...scheme,
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-anchor': textOf(primaryColor),
    '--mantine-color-error': textOf('red'),
    '--mantine-color-success': textOf('teal'),
  };
}
