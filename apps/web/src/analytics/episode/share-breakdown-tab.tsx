import { episodeAnalyticsMessages, formatCount } from '@castbase/contracts';
import { EmptyState, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChartCard } from '../shared/chart-card.js';
import type { ChartPoint } from '../shared/chart-data-list.js';
import { DoughnutChart } from '../shared/doughnut-chart.js';
import { RankedShareList, type RankedShare } from './ranked-share-list.js';

interface ShareBreakdownTabProps {
  text: { title: string; subtitle: string; empty: string };
  /** The empty state's icon. */
  emptyIcon: ReactNode;
  /** The doughnut's slices. */
  points: readonly ChartPoint[];
  /** How a slice's value reads in the chart's text alternative and tooltip. */
  formatValue: (value: number, point: ChartPoint) => string;
  /** The ranked list beside it; each share's count adds up to the plays in the doughnut's centre. */
  shares: readonly RankedShare[];
}

/**
 * An episode's plays broken down one way (the Sources and Devices tabs of spec 3 §2.2): a doughnut with the plays in
 * its centre beside the ranked list, or the empty state when nothing was counted.
 */
export function ShareBreakdownTab({ text, emptyIcon, points, formatValue, shares }: ShareBreakdownTabProps) {
  return (
    <ChartCard title={text.title} subtitle={text.subtitle}>
      {shares.length === 0 ? (
        <EmptyState variant="light" size="md" icon={emptyIcon} title={text.empty} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" style={{ alignItems: 'center' }}>
          <DoughnutChart
            name={text.title}
            points={points}
            formatValue={formatValue}
            size={260}
            center={{
              value: formatCount(shares.reduce((sum, share) => sum + share.count, 0)),
              caption: episodeAnalyticsMessages.cards.totalPlays,
            }}
          />
          <RankedShareList name={text.title} shares={shares} />
        </SimpleGrid>
      )}
    </ChartCard>
  );
}
