import {
  settingsMessages,
  type NotificationSettings,
  type PrivacySettings,
  type UserSettings,
} from '@castbase/contracts';
import { Button, Group, Stack, Switch } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FailureBanner, SuccessBanner } from '../shared/layout/feedback-banners.js';
import { useSuccessBanner } from '../shared/layout/use-success-banner.js';
import { useUpdateUserSettings } from '../shared/theme/user-settings-api.js';

interface SwitchSections {
  notifications: NotificationSettings;
  privacy: PrivacySettings;
}
type SwitchSection = keyof SwitchSections;

export type SwitchLabels<S extends SwitchSection> = Readonly<
  Record<keyof SwitchSections[S], { label: string; description: string }>
>;

interface SettingsSwitchesFormProps<S extends SwitchSection> {
  section: S;
  settings: UserSettings;
  labels: SwitchLabels<S>;
  /** Names the form for assistive tech ('Notification settings'). */
  title: string;
}

/** A section of on/off settings, saved together with its own Save button (`PATCH /api/settings`). */
export function SettingsSwitchesForm<S extends SwitchSection>({
  section,
  settings,
  labels,
  title,
}: SettingsSwitchesFormProps<S>) {
  type Values = SwitchSections[S];
  const saved = settings[section] as Values;
  const [edits, setEdits] = useState<Partial<Values>>({});
  const banner = useSuccessBanner();
  const update = useUpdateUserSettings();
  const values: Values = { ...saved, ...edits };
  const keys = Object.keys(labels) as Array<keyof Values & string>;

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(
      { [section]: edits },
      {
        onSuccess: () => {
          setEdits({});
          banner.show(settingsMessages.saved);
        },
      },
    );
  }

  return (
    <form onSubmit={save} aria-label={title}>
      <Stack gap="lg">
        <SuccessBanner message={banner.message} onClose={banner.dismiss} />
        {update.isError && (
          <FailureBanner title={settingsMessages.saveFailed} error={update.error} onClose={update.reset} />
        )}
        <Stack gap="lg">
          {keys.map((key) => (
            <Switch
              key={key}
              size="md"
              label={labels[key].label}
              description={labels[key].description}
              checked={Boolean(values[key])}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setEdits((previous) => ({ ...previous, [key]: checked }));
              }}
            />
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
