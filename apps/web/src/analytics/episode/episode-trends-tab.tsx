import { episodeAnalyticsMessages, type EpisodeAnalytics } from '@castbase/contracts';
import { useMemo } from 'react';
import { ChartCard } from '../shared/chart-card.js';
import type { ChartPoint } from '../shared/chart-data-list.js';
import { LineChart } from '../shared/line-chart.js';

const text = episodeAnalyticsMessages.trends;
const playsOf = (value: number) => episodeAnalyticsMessages.plays(value);

/**
 * The Trends tab (spec 3 §2.2): plays per bucket of the range, as the service answers them. The service sends every
 * bucket, zeros included, with its label (8 three-hour steps for 24 Hours, days for the others, the last 30 days for
 * All Time without plays), so an empty range shows its labels and a flat line.
 */
export function EpisodeTrendsTab({ playTrend }: { playTrend: EpisodeAnalytics['playTrend'] }) {
  const points = useMemo<ChartPoint[]>(
    () => playTrend.map((bucket) => ({ label: bucket.label, value: bucket.plays })),
    [playTrend],
  );
  return (
    <ChartCard title={text.title} subtitle={text.subtitle}>
      <LineChart name={text.title} points={points} formatValue={playsOf} height={340} />
    </ChartCard>
  );
}
