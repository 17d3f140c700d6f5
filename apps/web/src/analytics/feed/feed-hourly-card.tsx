import {
  analyticsMessages,
  feedAnalyticsMessages as text,
  formatHourRange,
  type FeedAnalytics,
} from '@castbase/contracts';
import { Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { BarChart } from '../shared/bar-chart.js';
import type { ChartPoint } from '../shared/chart-data-list.js';

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const formatRequests = (value: number) => text.requests(value);

interface FeedHourlyCardProps {
  hourlyDistribution: FeedAnalytics['hourlyDistribution'];
  peakHours: FeedAnalytics['peakHours'];
}

/** Requests by Hour (UTC hours of the day over the range) beside the three peak hours (spec 3 §9). */
export function FeedHourlyCard({ hourlyDistribution, peakHours }: FeedHourlyCardProps) {
  const points: ChartPoint[] = hourlyDistribution.map((count, hour) => ({
    label: clock(hour),
    value: count,
  }));
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="feed-hourly-title">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Title order={3} fz="md" id="feed-hourly-title">
            {text.hourlyDistribution}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {analyticsMessages.utcHours}
          </Text>
          <BarChart
            name={text.hourlyDistribution}
            points={points}
            formatValue={formatRequests}
            height={220}
            colorIndex={1}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Title order={3} fz="md" mb="sm">
            {text.peakHours}
          </Title>
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {peakHours.map((peak, index) => (
              <Group component="li" key={peak.hour} gap="sm" wrap="nowrap">
                <Badge variant="light" color="teal" radius="sm" w={28} px={0} aria-hidden="true">
                  {index + 1}
                </Badge>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {formatHourRange(peak.hour)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {text.requests(peak.count)}
                  </Text>
                </Stack>
              </Group>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
