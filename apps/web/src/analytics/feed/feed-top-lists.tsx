import { feedAnalyticsMessages as text, type FeedAnalytics } from '@castbase/contracts';
import { SimpleGrid, Text } from '@mantine/core';
import { ChartCard } from '../shared/chart-card.js';
import { ShareList, type ShareRow } from '../podcast/share-list.js';

/** The ten countries and ten podcast apps that fetch the feed most (spec 3 §9). */
export function FeedTopLists({ feed }: { feed: FeedAnalytics }) {
  const countries: ShareRow[] = feed.topCountries.map((entry) => ({
    key: entry.country,
    label: entry.name,
    count: entry.count,
    percent: entry.percent,
  }));
  const apps: ShareRow[] = feed.topApps.map((entry) => ({
    key: entry.app,
    label: entry.app,
    count: entry.count,
    percent: entry.percent,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <ChartCard title={text.topCountries} order={3}>
        <RankedOrEmpty rows={countries} label={text.topCountries} />
      </ChartCard>
      <ChartCard title={text.topApps} order={3}>
        <RankedOrEmpty rows={apps} label={text.topApps} />
      </ChartCard>
    </SimpleGrid>
  );
}

function RankedOrEmpty({ rows, label }: { rows: readonly ShareRow[]; label: string }) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {text.noDataBody}
      </Text>
    );
  }
  return <ShareList rows={rows} label={label} countText={text.requests} withBars />;
}
