import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

/** The device-kept theme preference: 'light', 'dark' or 'auto' (follow the operating system, live). */
export const COLOR_SCHEME_STORAGE_KEY = 'castbase.colorScheme';

export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
