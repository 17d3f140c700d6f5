import { episodeAnalyticsMessages, type EpisodeAnalytics } from '@castbase/contracts';
import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { EpisodeDevicesTab } from './episode-devices-tab.js';
import { EpisodeGeographyTab } from './episode-geography-tab.js';
import { EpisodeOverviewTab } from './episode-overview-tab.js';
import { EpisodeSourcesTab } from './episode-sources-tab.js';
import { EpisodeTrendsTab } from './episode-trends-tab.js';

type EpisodeTab = keyof typeof episodeAnalyticsMessages.tabs;
const TABS = Object.keys(episodeAnalyticsMessages.tabs) as EpisodeTab[];

/**
 * Overview (the default), Trends, Sources, Geography and Devices (spec 3 §2.2). Only the open tab is drawn, so each
 * chart is sized for a visible panel.
 */
export function EpisodeAnalyticsTabs({ figures }: { figures: EpisodeAnalytics }) {
  const [tab, setTab] = useState<EpisodeTab>('overview');
  return (
    <Tabs
      value={tab}
      onChange={(next) => {
        if (next && (TABS as string[]).includes(next)) setTab(next as EpisodeTab);
      }}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        {TABS.map((key) => (
          <Tabs.Tab key={key} value={key} fz="md" fw={600}>
            {episodeAnalyticsMessages.tabs[key]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="overview">
        <EpisodeOverviewTab figures={figures} />
      </Tabs.Panel>
      <Tabs.Panel value="trends">
        <EpisodeTrendsTab playTrend={figures.playTrend} />
      </Tabs.Panel>
      <Tabs.Panel value="sources">
        <EpisodeSourcesTab sources={figures.sources} />
      </Tabs.Panel>
      <Tabs.Panel value="geography">
        <EpisodeGeographyTab countries={figures.countries} />
      </Tabs.Panel>
      <Tabs.Panel value="devices">
        <EpisodeDevicesTab devices={figures.devices} />
      </Tabs.Panel>
    </Tabs>
  );
}
