import {
  ANALYTICS_TOP_LISTS,
  analyticsDeviceLabels,
  episodeAnalyticsMessages,
  formatPercent,
  podcastAnalyticsMessages,
  type PodcastAnalytics,
} from '@castbase/contracts';
import { Box, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BarChart } from '../shared/bar-chart.js';
import { ChartCard } from '../shared/chart-card.js';
import { seriesColor, useChartColors } from '../shared/chart-colors.js';
import type { ChartPoint } from '../shared/chart-data-list.js';
import { DoughnutChart } from '../shared/doughnut-chart.js';
import { ShareList, type ShareRow } from './share-list.js';

const text = podcastAnalyticsMessages.demographics;
const formatShare = (_value: number, point: ChartPoint & { percent?: number }) =>
  `${episodeAnalyticsMessages.plays(point.value)} (${formatPercent(point.percent ?? 0)})`;

/** Countries, devices and podcast apps of the range's plays (spec 3 §2.3), five of each (spec 3 §9). */
export function AudienceDemographics({ demographics }: { demographics: PodcastAnalytics['demographics'] }) {
  const colors = useChartColors();
  const countries: ShareRow[] = demographics.countries
    .slice(0, ANALYTICS_TOP_LISTS.podcastScreenCountries)
    .map((entry) => ({ key: entry.country, label: entry.name, count: entry.plays, percent: entry.percent }));
  const swatch = (index: number) => <Swatch color={seriesColor(colors, index)} />;
  const devices: ShareRow[] = demographics.devices.map((entry, index) => ({
    key: entry.device,
    label: analyticsDeviceLabels[entry.device],
    count: entry.count,
    percent: entry.percent,
    icon: swatch(index),
  }));
  const apps: ShareRow[] = demographics.apps
    .slice(0, ANALYTICS_TOP_LISTS.podcastScreenApps)
    .map((entry, index) => ({
      key: entry.app,
      label: entry.app,
      count: entry.count,
      percent: entry.percent,
      icon: swatch(index),
    }));

  return (
    <ChartCard title={text.title}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" verticalSpacing="xl">
        <Part title={text.countries} rows={countries}>
          <BarChart
            name={text.countries}
            points={pointsOf(countries)}
            formatValue={formatShare}
            horizontal
            height={Math.max(120, countries.length * 40)}
          />
        </Part>
        <Part title={text.devices} rows={devices}>
          <DoughnutChart
            name={text.devices}
            points={pointsOf(devices)}
            formatValue={formatShare}
            size={180}
          />
        </Part>
        <Part title={text.apps} rows={apps}>
          <DoughnutChart name={text.apps} points={pointsOf(apps)} formatValue={formatShare} size={180} />
        </Part>
      </SimpleGrid>
    </ChartCard>
  );
}

function Part({ title, rows, children }: { title: string; rows: readonly ShareRow[]; children: ReactNode }) {
  return (
    <Stack gap="md" miw={0}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.empty}
        </Text>
      ) : (
        <>
          {/* The list under the chart says all it shows, with counts: assistive technology reads the list alone. */}
          <Box aria-hidden="true">{children}</Box>
          <ShareList rows={rows} label={title} countText={episodeAnalyticsMessages.plays} />
        </>
      )}
    </Stack>
  );
}

function pointsOf(rows: readonly ShareRow[]): (ChartPoint & { percent: number })[] {
  return rows.map((row) => ({ label: row.label, value: row.count, percent: row.percent }));
}

/** The colour of a row's slice in the doughnut above it: the list is the chart's legend. */
function Swatch({ color }: { color: string }) {
  return (
    <Box
      aria-hidden="true"
      w={12}
      h={12}
      style={{ borderRadius: 3, background: color, flexShrink: 0, alignSelf: 'center' }}
    />
  );
}
