import { PRIVACY_SWITCHES } from '@castbase/contracts';
import { Divider, Stack } from '@mantine/core';
import { DataExportDialog } from './data-export-dialog.js';
import { SettingsSwitchesForm } from './settings-switches-form.js';
import { WithUserSettings } from './with-user-settings.js';

export function PrivacySection() {
  return (
    <Stack gap="xl">
      <WithUserSettings>
        {(settings) => (
          <SettingsSwitchesForm
            section="privacy"
            settings={settings}
            labels={PRIVACY_SWITCHES}
            title="Privacy settings"
          />
        )}
      </WithUserSettings>
      <Divider />
      <DataExportDialog />
    </Stack>
  );
}
