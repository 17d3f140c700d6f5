import { Paper, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { RssSettingsSection } from '../feeds/rss-widget/rss-settings-section.js';
import { DangerZone } from '../profile/account-deletion/danger-zone.js';
import { ScreenFrame } from '../shared/layout/screen-frame.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';
import { AccountSection } from './account-section.js';
import { AppearanceSection } from './appearance-section.js';
import { NotificationsSection } from './notifications-section.js';
import { PodcastSection } from './podcast/podcast-section.js';
import { PrivacySection } from './privacy-section.js';

interface SettingsSection {
  value: string;
  label: string;
  Section: ComponentType;
  /** Sections drawn in a bordered card; the Podcast section and the Danger Zone bring their own. */
  framed: boolean;
}

const PODCAST_SECTION = 'podcast';
const RSS_SECTION = 'rss';
/** Sections with an address of their own, /p/{podcastId}/settings/{value}. */
const PATH_SECTIONS = [PODCAST_SECTION, RSS_SECTION] as const;
const sections: readonly SettingsSection[] = [
  { value: PODCAST_SECTION, label: 'Podcast', Section: PodcastSection, framed: false },
  { value: RSS_SECTION, label: 'RSS', Section: RssSettingsSection, framed: false },
  { value: 'account', label: 'Account', Section: AccountSection, framed: true },
  { value: 'notifications', label: 'Notifications', Section: NotificationsSection, framed: true },
  { value: 'privacy', label: 'Privacy', Section: PrivacySection, framed: true },
  { value: 'appearance', label: 'Appearance', Section: AppearanceSection, framed: true },
  { value: 'danger-zone', label: 'Danger Zone', Section: DangerZone, framed: false },
];
/**
 * The chosen section is kept in the address, so it survives a reload and can be linked to: the Podcast section is
 * /p/{podcastId}/settings/podcast (and /settings without a section), the RSS section /settings/rss, the others
 * /settings?section={value}.
 */
const SECTION_PARAM = 'section';

/** /p/{podcastId}/settings, /settings/podcast and /settings/rss: a side menu of the podcast's and the account's settings. */
export function SettingsScreen() {
  const { podcastId = '' } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const requested =
    PATH_SECTIONS.find((section) => pathname.endsWith(`/settings/${section}`)) ??
    new URLSearchParams(search).get(SECTION_PARAM);
  const current = sections.some((section) => section.value === requested) ? requested : PODCAST_SECTION;

  function choose(value: string | null) {
    if (!value) return;
    const to =
      value === PODCAST_SECTION || value === RSS_SECTION
        ? podcastPath(podcastId, `settings/${value}`)
        : `${podcastPath(podcastId, 'settings')}?${SECTION_PARAM}=${encodeURIComponent(value)}`;
    void navigate(to, { replace: true });
  }

  return (
    <ScreenFrame
      title="Settings"
      description="Manage your podcast, its RSS feed, your account, notifications, privacy and appearance."
    >
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
