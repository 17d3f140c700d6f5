import { Divider, Stack } from '@mantine/core';
import { DataExportDialog } from './data-export-dialog.js';
import { SettingsSwitchesForm, type SwitchLabels } from './settings-switches-form.js';
import { WithUserSettings } from './with-user-settings.js';

const privacyLabels: SwitchLabels<'privacy'> = {
  profilePublic: {
    label: 'Public profile',
    description: 'Let anyone see your profile and the podcasts you host.',
  },
  analyticsSharing: {
    label: 'Analytics sharing',
    description: 'Share anonymous usage data that helps improve Castbase.',
  },
  marketingEmails: {
    label: 'Marketing emails',
    description: 'Receive news about features, tips and offers.',
  },
};

export function PrivacySection() {
  return (
    <Stack gap="xl">
      <WithUserSettings>
        {(settings) => (
          <SettingsSwitchesForm
            section="privacy"
            settings={settings}
            labels={privacyLabels}
            title="Privacy settings"
          />
        )}
      </WithUserSettings>
      <Divider />
      <DataExportDialog />
    </Stack>
  );
}
