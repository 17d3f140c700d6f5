import { episodeAnalyticsMessages, formatPercent, type EpisodeAnalytics } from '@castbase/contracts';
import { useMemo } from 'react';
import { BroadcastIcon } from '../../shared/icons/icons.js';
import type { ChartPoint } from '../shared/chart-data-list.js';
import { ShareBreakdownTab } from './share-breakdown-tab.js';

/** The Sources tab (spec 3 §2.2): a doughnut of where plays come from and the ranked list, top three highlighted. */
export function EpisodeSourcesTab({ sources }: { sources: EpisodeAnalytics['sources'] }) {
  const points = useMemo<ChartPoint[]>(
    () => sources.map((entry) => ({ label: entry.source, value: entry.count })),
    [sources],
  );
  const share = (_value: number, point: ChartPoint) => {
    const entry = sources.find((candidate) => candidate.source === point.label);
    return `${episodeAnalyticsMessages.plays(point.value)}, ${episodeAnalyticsMessages.ofTotalPlays(formatPercent(entry?.percent ?? 0))}`;
  };
  return (
    <ShareBreakdownTab
      text={episodeAnalyticsMessages.sources}
      emptyIcon={<BroadcastIcon size={26} />}
      points={points}
      formatValue={share}
      shares={sources.map((entry) => ({
        key: entry.source,
        name: entry.source,
        count: entry.count,
        percent: entry.percent,
      }))}
    />
  );
}
