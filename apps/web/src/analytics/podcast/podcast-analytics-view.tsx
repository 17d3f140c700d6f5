import {
  dailyTrendLabel,
  episodeAnalyticsMessages,
  podcastAnalyticsMessages,
  type PodcastAnalytics,
} from '@castbase/contracts';
import { SimpleGrid, Stack, Title, useMatches, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { ChartCard } from '../shared/chart-card.js';
import { LineChart } from '../shared/line-chart.js';
import { AudienceDemographics } from './audience-demographics.js';
import { DayPartsCard } from './day-parts-card.js';
import { PodcastOverviewCards, PodcastPerformanceCards } from './podcast-overview-cards.js';
import { RealtimeCard } from './realtime-card.js';
import { TopEpisodesTable } from './top-episodes-table.js';

const text = podcastAnalyticsMessages;

/** The podcast's figures over the range, once they are in and something was counted (spec 3 §2.3). */
export function PodcastAnalyticsView({
  podcastId,
  analytics,
}: {
  podcastId: string;
  analytics: PodcastAnalytics;
}) {
  const overviewId = useId();
  // A phone-wide chart has room for four dates under it without them running into each other.
  const maxLabels = useMatches({ base: 4, sm: 8 });
  const performanceId = useId();
  const daily = analytics.trends.daily.map((day) => ({
    label: dailyTrendLabel(day.date, analytics.timeRange),
    value: day.plays,
  }));
  return (
    <Stack gap="lg">
      <section aria-labelledby={overviewId}>
        <VisuallyHidden>
          <Title order={2} id={overviewId}>
            {text.overview.title}
          </Title>
        </VisuallyHidden>
        <PodcastOverviewCards figures={analytics.overview} />
      </section>
      <ChartCard title={text.trends.title} subtitle={text.trends.subtitle}>
        <LineChart
          name={text.trends.title}
          points={daily}
          formatValue={episodeAnalyticsMessages.plays}
          maxLabels={maxLabels}
          height={260}
        />
      </ChartCard>
      <Stack component="section" aria-labelledby={performanceId} gap="sm">
        <Title order={2} fz="lg" id={performanceId}>
          {text.performance.title}
        </Title>
        <PodcastPerformanceCards
          performance={analytics.performance}
          monthlyGrowth={analytics.trends.monthlyGrowth}
        />
      </Stack>
      <TopEpisodesTable podcastId={podcastId} episodes={analytics.performance.topEpisodes} />
      <AudienceDemographics demographics={analytics.demographics} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DayPartsCard dayParts={analytics.dayParts} />
        <RealtimeCard podcastId={podcastId} realtime={analytics.realtime} />
      </SimpleGrid>
    </Stack>
  );
}
