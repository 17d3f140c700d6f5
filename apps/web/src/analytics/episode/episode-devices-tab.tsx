import {
  analyticsDeviceLabels,
  episodeAnalyticsMessages,
  formatPercent,
  type EpisodeAnalytics,
} from '@castbase/contracts';
import { useMemo } from 'react';
import { deviceIcons, DeviceMobileIcon } from '../shared/analytics-icons.js';
import type { ChartPoint } from '../shared/chart-data-list.js';
import { ShareBreakdownTab } from './share-breakdown-tab.js';

/** The Devices tab (spec 3 §2.2): a doughnut of plays by device and the list, each device with its icon and percent. */
export function EpisodeDevicesTab({ devices }: { devices: EpisodeAnalytics['devices'] }) {
  const points = useMemo<ChartPoint[]>(
    () => devices.map((entry) => ({ label: analyticsDeviceLabels[entry.device], value: entry.percent })),
    [devices],
  );
  return (
    <ShareBreakdownTab
      text={episodeAnalyticsMessages.devices}
      emptyIcon={<DeviceMobileIcon size={26} />}
      points={points}
      formatValue={formatPercent}
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
  );
}
