import type { ThemePreference } from '@castbase/contracts';
import type { MantineColorScheme } from '@mantine/core';

// The server speaks of 'system'; Mantine calls following the operating system 'auto'.
const colorSchemeByPreference: Readonly<Record<ThemePreference, MantineColorScheme>> = {
  system: 'auto',
  light: 'light',
  dark: 'dark',
};

export function colorSchemeOf(preference: ThemePreference): MantineColorScheme {
  return colorSchemeByPreference[preference];
}

export function themePreferenceOf(colorScheme: MantineColorScheme): ThemePreference {
  switch (colorScheme) {
    case 'auto':
      return 'system';
    case 'light':
    case 'dark':
      return colorScheme;
  }
}

/** The three theme choices, in the order menus and the Appearance settings show them. */
export const themePreferenceChoices: ReadonlyArray<{ value: ThemePreference; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];
