/**
 * The device-kept theme preference, as Mantine's colour scheme manager keeps it: 'light', 'dark' or 'auto' (follow
 * the operating system, live) under one local storage key. The app reads it through Mantine
 * (`color-scheme-storage.ts`); the first-paint landing page, which loads no Mantine, through the functions here.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'castbase.colorScheme';

export type DeviceColorScheme = 'light' | 'dark' | 'auto';

export const DEFAULT_COLOR_SCHEME: DeviceColorScheme = 'auto';

const darkQuery = '(prefers-color-scheme: dark)';

export function isDeviceColorScheme(value: unknown): value is DeviceColorScheme {
  return value === 'light' || value === 'dark' || value === 'auto';
}

export function readDeviceColorScheme(): DeviceColorScheme {
  try {
    const stored = window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY);
    return isDeviceColorScheme(stored) ? stored : DEFAULT_COLOR_SCHEME;
  } catch {
    return DEFAULT_COLOR_SCHEME;
  }
}

export function saveDeviceColorScheme(scheme: DeviceColorScheme): void {
  try {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, scheme);
  } catch {
    // Without storage the choice lasts for this page.
  }
}

/** 'light' or 'dark': the scheme itself, or the operating system's for 'auto'. */
export function computedColorScheme(scheme: DeviceColorScheme): 'light' | 'dark' {
  if (scheme !== 'auto') return scheme;
  return window.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

/**
 * Draws the page in the scheme, as MantineProvider does (`data-mantine-color-scheme` on the root element, which
 * the theme's CSS variables follow); for 'auto', again whenever the operating system's scheme changes. Returns
 * the function that stops following it. `onShown` hears which scheme the page is drawn in.
 */
export function showColorScheme(
  scheme: DeviceColorScheme,
  onShown: (shown: 'light' | 'dark') => void = () => undefined,
): () => void {
  const root = document.documentElement;
  const show = () => {
    const shown = computedColorScheme(scheme);
    root.setAttribute('data-mantine-color-scheme', shown);
    onShown(shown);
  };
  show();
  if (scheme !== 'auto') return () => undefined;
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', show);
  return () => media.removeEventListener('change', show);
}
