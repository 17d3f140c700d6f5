import { episodeAnalyticsMessages, formatPercent, type EpisodeAnalytics } from '@castbase/contracts';
import { EmptyState, SimpleGrid } from '@mantine/core';
import { useMemo } from 'react';
import { BroadcastIcon } from '../../shared/icons/icons.js';
import { ChartCard } from '../shared/chart-card.js';
import type { ChartPoint } from '../shared/chart-data-list.js';
import { DoughnutChart } from '../shared/doughnut-chart.js';
import { formatCount } from './episode-stat-cards.js';
import { RankedShareList } from './ranked-share-list.js';

const text = episodeAnalyticsMessages.sources;

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
    <ChartCard title={text.title} subtitle={text.subtitle}>
      {sources.length === 0 ? (
        <EmptyState variant="light" size="md" icon={<BroadcastIcon size={26} />} title={text.empty} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" style={{ alignItems: 'center' }}>
          <DoughnutChart
            name={text.title}
            points={points}
            formatValue={share}
            size={260}
            center={{
              value: formatCount(sources.reduce((sum, entry) => sum + entry.count, 0)),
              caption: episodeAnalyticsMessages.cards.totalPlays,
            }}
          />
          <RankedShareList
            name={text.title}
            shares={sources.map((entry) => ({
              key: entry.source,
              name: entry.source,
              count: entry.count,
              percent: entry.percent,
            }))}
          />
        </SimpleGrid>
      )}
    </ChartCard>
  );
}
