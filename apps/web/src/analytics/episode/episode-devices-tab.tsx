import {
  analyticsDeviceLabels,
  episodeAnalyticsMessages,
  formatPercent,
  type EpisodeAnalytics,
} from '@castbase/contracts';
import { EmptyState, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { deviceIcons, DeviceMobileIcon } from '../shared/analytics-icons.js';
import { ChartCard } from '../shared/chart-card.js';
import type { ChartPoint } from '../shared/chart-data-list.js';
import { DoughnutChart } from '../shared/doughnut-chart.js';
import { formatCount } from './episode-stat-cards.js';
import { RankedShareList } from './ranked-share-list.js';

const text = episodeAnalyticsMessages.devices;

/** The Devices tab (spec 3 §2.2): a doughnut of plays by device and the list, each device with its icon and percent. */
export function EpisodeDevicesTab({ devices }: { devices: EpisodeAnalytics['devices'] }) {
  const points = useMemo<ChartPoint[]>(
    () => devices.map((entry) => ({ label: analyticsDeviceLabels[entry.device], value: entry.percent })),
    [devices],
  );
  return (
    <ChartCard title={text.title} subtitle={text.subtitle}>
      {devices.length === 0 ? (
        <EmptyState variant="light" size="md" icon={<DeviceMobileIcon size={26} />} title={text.empty} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" style={{ alignItems: 'center' }}>
          <DoughnutChart
            name={text.title}
            points={points}
            formatValue={formatPercent}
            size={260}
            center={{
              value: formatCount(devices.reduce((sum, entry) => sum + entry.count, 0)),
              caption: episodeAnalyticsMessages.cards.totalPlays,
            }}
          />
          <RankedShareList
            name={text.title}
            shares={devices.map((entry) => {
              const Icon = deviceIcons[entry.device];
              return {
                key: entry.device,
                name: analyticsDeviceLabels[entry.device],
                count: entry.count,
                percent: entry.percent,
                icon: <Icon size={18} />,
              };
            })}
          />
        </SimpleGrid>
      )}
    </ChartCard>
  );
}
