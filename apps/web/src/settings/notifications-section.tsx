import { SettingsSwitchesForm, type SwitchLabels } from './settings-switches-form.js';
import { WithUserSettings } from './with-user-settings.js';

const notificationLabels: SwitchLabels<'notifications'> = {
  emailNotifications: {
    label: 'Email notifications',
    description: 'Receive notifications about your account by email.',
  },
  episodePublished: {
    label: 'Episode published',
    description: 'When one of your episodes goes live.',
  },
  weeklyReport: {
    label: 'Weekly report',
    description: "A weekly summary of your podcasts' plays and listeners.",
  },
  socialMediaUpdates: {
    label: 'Social media updates',
    description: 'When clips and posts are published to your connected accounts.',
  },
  rssUpdates: {
    label: 'RSS feed updates',
    description: 'When your RSS feeds are regenerated or need attention.',
  },
};

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
