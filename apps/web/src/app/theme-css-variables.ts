import {
  convertCssVariables,
  deepMerge,
  defaultCssVariablesResolver,
  DEFAULT_THEME,
  mergeMantineTheme,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme.js';

/**
 * The CSS variables MantineProvider writes into the page for the app's theme (its colours, shades, fonts and the
 * contrast-checked text colours of `cssVariablesResolver`), as a stylesheet. The build makes it for the first-paint
 * landing page, which shows the app's look without loading Mantine's JS (vite.config.ts, `themeVariablesPlugin`).
 */
export function themeCssVariables(): string {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
  const colorScheme = convertCssVariables({
    variables: {},
    light: { '--mantine-color-scheme': 'light' },
    dark: { '--mantine-color-scheme': 'dark' },
  });
  return `${convertCssVariables(variables)}${colorScheme}`;
}
