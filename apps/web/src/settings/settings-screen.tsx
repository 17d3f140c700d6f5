import { Paper, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DangerZone } from '../profile/account-deletion/danger-zone.js';
import { ScreenFrame } from '../shared/layout/screen-frame.js';
import { AccountSection } from './account-section.js';
import { AppearanceSection } from './appearance-section.js';
import { NotificationsSection } from './notifications-section.js';
import { PrivacySection } from './privacy-section.js';

interface SettingsSection {
  value: string;
  label: string;
  Section: ComponentType;
  /** Sections drawn in a bordered card; the Danger Zone brings its own red one. */
  framed: boolean;
}

const sections: readonly SettingsSection[] = [
  { value: 'account', label: 'Account', Section: AccountSection, framed: true },
  { value: 'notifications', label: 'Notifications', Section: NotificationsSection, framed: true },
  { value: 'privacy', label: 'Privacy', Section: PrivacySection, framed: true },
  { value: 'appearance', label: 'Appearance', Section: AppearanceSection, framed: true },
  { value: 'danger-zone', label: 'Danger Zone', Section: DangerZone, framed: false },
];
const DEFAULT_SECTION = 'account';
/** The chosen section is kept in the address, so it survives a reload and can be linked to. */
const SECTION_PARAM = 'section';

/** /p/{podcastId}/settings: a side menu of the account's settings. */
export function SettingsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const requested = searchParams.get(SECTION_PARAM);
  const current = sections.some((section) => section.value === requested) ? requested : DEFAULT_SECTION;

  function choose(value: string | null) {
    if (!value) return;
    setSearchParams(
      (params) => {
        params.set(SECTION_PARAM, value);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <ScreenFrame title="Settings" description="Manage your account, notifications, privacy and appearance.">
      <Tabs
        value={current}
        onChange={choose}
        orientation={wide ? 'vertical' : 'horizontal'}
        variant="pills"
        keepMounted={false}
        styles={{
          tab: { minHeight: 44 },
          tabLabel: { textAlign: wide ? 'left' : 'center' },
          list: wide ? { minWidth: 200 } : { flexWrap: 'wrap' },
        }}
      >
        <Tabs.List aria-label="Settings sections" mb={wide ? 0 : 'md'} mr={wide ? 'xl' : 0}>
          {sections.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value} color={value === 'danger-zone' ? 'red' : undefined}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {sections.map(({ value, Section, framed }) => (
          <Tabs.Panel key={value} value={value} style={{ flex: 1, minWidth: 0 }}>
            {framed ? (
              <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={760}>
                <Section />
              </Paper>
            ) : (
              <Section />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </ScreenFrame>
  );
}
