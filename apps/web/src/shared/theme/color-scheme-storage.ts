import { localStorageColorSchemeManager } from '@mantine/core';
import { COLOR_SCHEME_STORAGE_KEY } from './device-color-scheme.js';

/** Mantine's view of the device-kept theme preference (`device-color-scheme.ts`). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });
