import {
  DAY_PARTS,
  episodeAnalyticsMessages,
  formatPercent,
  podcastAnalyticsMessages,
  type DayPartPlays,
} from '@castbase/contracts';
import { SimpleGrid, Text } from '@mantine/core';
import { BarChart } from '../shared/bar-chart.js';
import { ChartCard } from '../shared/chart-card.js';
import type { ChartPoint } from '../shared/chart-data-list.js';

const text = podcastAnalyticsMessages.dayParts;
const labelOf = new Map(DAY_PARTS.map(({ part, label }) => [part, label]));

/** Listening by Time of Day: the range's plays per day part (spec 3 §9), UTC hours. */
export function DayPartsCard({ dayParts }: { dayParts: readonly DayPartPlays[] }) {
  const points: (ChartPoint & { percent: number })[] = dayParts.map((entry) => ({
    label: labelOf.get(entry.part) ?? entry.part,
    value: entry.plays,
    percent: entry.percent,
  }));
  const formatValue = (value: number, point: ChartPoint & { percent?: number }) =>
    `${episodeAnalyticsMessages.plays(value)} (${formatPercent(point.percent ?? 0)})`;
  return (
    <ChartCard title={text.title} subtitle={text.subtitle}>
      <BarChart name={text.title} points={points} formatValue={formatValue} height={200} colorIndex={3} />
      <SimpleGrid component="dl" cols={{ base: 2, xs: 4 }} spacing="xs" m={0} aria-hidden="true">
        {points.map((point) => (
          <div key={point.label}>
            <Text component="dt" size="xs" c="dimmed">
              {point.label}
            </Text>
            <Text component="dd" size="sm" fw={600} m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatPercent(point.percent)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </ChartCard>
  );
}
