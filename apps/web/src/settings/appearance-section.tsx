import { settingsMessages, themePreferenceSchema, type ThemePreference } from '@castbase/contracts';
import { Group, Loader, Radio, Stack } from '@mantine/core';
import { FailureBanner, SuccessBanner } from '../shared/layout/feedback-banners.js';
import { useSuccessBanner } from '../shared/layout/use-success-banner.js';
import { themePreferenceChoices } from '../shared/theme/theme-preference.js';
import { useThemePreference } from '../shared/theme/use-theme-preference.js';

const choiceDescriptions: Readonly<Record<ThemePreference, string>> = {
  light: 'Dark text on light backgrounds.',
  dark: 'Light text on dark backgrounds, easier on the eyes at night.',
  system: "Follows your device's light or dark setting, as it changes.",
};

/** Theme System, Light or Dark: applied at once and saved to the account. */
export function AppearanceSection() {
  const { preference, choose, saving, saveError, resetSave } = useThemePreference();
  const banner = useSuccessBanner();

  return (
    <Stack gap="md">
      <SuccessBanner message={banner.message} onClose={banner.dismiss} />
      {saveError && (
        <FailureBanner title={settingsMessages.saveFailed} error={saveError} onClose={resetSave} />
      )}
      <Radio.Group
        label={
          <Group gap="xs" component="span">
            Theme
            {saving && <Loader size={14} aria-label="Saving" />}
          </Group>
        }
        description="Choose how Castbase looks on every device you sign in on."
        value={preference}
        onChange={(value) => {
          const chosen = themePreferenceSchema.safeParse(value);
          if (chosen.success) choose(chosen.data, () => banner.show(settingsMessages.saved));
        }}
      >
        <Stack gap="md" mt="sm">
          {themePreferenceChoices.map(({ value, label }) => (
            <Radio key={value} value={value} label={label} description={choiceDescriptions[value]} />
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
