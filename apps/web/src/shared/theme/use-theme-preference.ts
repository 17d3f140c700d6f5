import type { ThemePreference } from '@castbase/contracts';
import { useMantineColorScheme } from '@mantine/core';
import { useCallback, useEffect, useEffectEvent } from 'react';
import { useAuth } from '../auth/auth-context.js';
import { colorSchemeOf, themePreferenceOf } from './theme-preference.js';
import { useUpdateUserSettings, useUserSettings } from './user-settings-api.js';

/**
 * The theme preference. The device keeps it (the colour scheme manager); for a signed-in person the server keeps
 * it too: the saved value wins whenever it loads, and a choice is applied at once and saved there.
 */
export function useThemePreference() {
  const { status } = useAuth();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();

  // Settings never saved are only the defaults: they do not override what was chosen on this device.
  const serverTheme = settings.data?.updatedAt ? settings.data.appearance.theme : undefined;
  const applyServerTheme = useEffectEvent((theme: ThemePreference) => {
    const scheme = colorSchemeOf(theme);
    if (scheme !== colorScheme) setColorScheme(scheme);
  });
  useEffect(() => {
    if (serverTheme) applyServerTheme(serverTheme);
  }, [serverTheme]);

  const { mutate: saveSettings, reset: resetSave } = update;
  const choose = useCallback(
    (preference: ThemePreference, onSaved?: () => void) => {
      setColorScheme(colorSchemeOf(preference));
      if (status === 'signed-in') {
        saveSettings({ appearance: { theme: preference } }, { onSuccess: () => onSaved?.() });
      }
    },
    [setColorScheme, status, saveSettings],
  );

  return {
    preference: themePreferenceOf(colorScheme),
    choose,
    saving: update.isPending,
    saveError: update.error,
    resetSave,
  };
}
