import { NOTIFICATION_SWITCHES } from '@castbase/contracts';
import { SettingsSwitchesForm, type SwitchLabels } from './settings-switches-form.js';
import { WithUserSettings } from './with-user-settings.js';

const notificationLabels: SwitchLabels<'notifications'> = NOTIFICATION_SWITCHES;

export function NotificationsSection() {
  return (
    <WithUserSettings>
      {(settings) => (
        <SettingsSwitchesForm
          section="notifications"
          settings={settings}
          labels={notificationLabels}
          title="Notification settings"
        />
      )}
    </WithUserSettings>
  );
}
