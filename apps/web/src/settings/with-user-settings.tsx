import { settingsMessages, type UserSettings } from '@castbase/contracts';
import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { FailureBanner } from '../shared/layout/feedback-banners.js';
import { useUserSettings } from '../shared/theme/user-settings-api.js';

/** Renders its children with the person's settings once loaded; a spinner before, the failure if loading fails. */
export function WithUserSettings({ children }: { children: (settings: UserSettings) => ReactNode }) {
  const settings = useUserSettings();
  if (settings.isPending) {
    return (
      <Center py="xl" role="status" aria-label="Loading settings">
        <Loader />
      </Center>
    );
  }
  if (settings.isError) return <FailureBanner title={settingsMessages.loadFailed} error={settings.error} />;
  return children(settings.data);
}
