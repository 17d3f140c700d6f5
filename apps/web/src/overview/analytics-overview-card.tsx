import {
  analyticsMessages,
  type DashboardAnalytics,
  dashboardAnalyticsMessages as text,
  formatCount,
  formatMinutes,
  formatPercentChange,
  isGrowthPositive,
} from '@castbase/contracts';
import {
  Anchor,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SectionFailure } from '../analytics/podcast/section-failure.js';
import { useDashboardAnalytics } from '../analytics/shared/analytics-api.js';
import { ArrowDownIcon, ArrowUpIcon, ChartBarIcon } from '../shared/icons/icons.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';

/** The dashboard's Analytics Overview card (spec 2 §2): the podcast's last 30 days, from the analytics service. */
export function AnalyticsOverviewCard({ podcastId }: { podcastId: string }) {
  const analytics = useDashboardAnalytics(podcastId);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="analytics-overview-title">
      <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="analytics-overview-title">
            {text.title}
          </Title>
          <Text size="sm" c="dimmed">
            {text.rangeHint}
          </Text>
        </Stack>
        <Anchor component={Link} to={podcastPath(podcastId, 'analytics')} fw={500} py={10}>
          {text.viewAll}
          <VisuallyHidden> analytics</VisuallyHidden>
        </Anchor>
      </Group>
      {analytics.isError ? (
        <SectionFailure
          title={analyticsMessages.loadFailed}
          error={analytics.error}
          onRetry={() => void analytics.refetch()}
          retrying={analytics.isFetching}
        />
      ) : !analytics.data ? (
        <div role="status">
          <VisuallyHidden>{text.loading}</VisuallyHidden>
          <FigureGrid>
            {[text.totalPlays, text.uniqueListeners, text.averageDuration, text.growthRate].map((label) => (
              <Figure key={label} label={label}>
                <Skeleton height={28} width="60%" mt={6} />
              </Figure>
            ))}
          </FigureGrid>
        </div>
      ) : analytics.data.hasData ? (
        <Figures analytics={analytics.data} />
      ) : (
        <EmptyState
          variant="light"
          size="md"
          icon={<ChartBarIcon size={26} />}
          title={text.noData}
          description={text.noDataBody}
        />
      )}
    </Paper>
  );
}

function Figures({ analytics }: { analytics: DashboardAnalytics }) {
  const growing = isGrowthPositive(analytics.growthRate);
  const GrowthIcon = growing ? ArrowUpIcon : ArrowDownIcon;
  return (
    <FigureGrid>
      <Figure label={text.totalPlays}>
        <Value>{formatCount(analytics.totalPlays)}</Value>
      </Figure>
      <Figure label={text.uniqueListeners}>
        <Value>{formatCount(analytics.uniqueListeners)}</Value>
      </Figure>
      <Figure label={text.averageDuration}>
        {analytics.averageListenMinutes === null ? (
          <Text fz="md" fw={600} c="dimmed" mt={4} title={analyticsMessages.notMeasuredHint}>
            {analyticsMessages.notMeasured}
          </Text>
        ) : (
          <Value>{formatMinutes(analytics.averageListenMinutes)}</Value>
        )}
      </Figure>
      <Figure label={text.growthRate}>
        <Group gap={6} wrap="nowrap" c={growing ? 'green' : 'red'}>
          <GrowthIcon size={20} strokeWidth={2.2} />
          <Value>{formatPercentChange(analytics.growthRate)}</Value>
        </Group>
      </Figure>
    </FigureGrid>
  );
}

function FigureGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="lg" m={0}>
      {children}
    </SimpleGrid>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <dd style={{ margin: 0 }}>{children}</dd>
    </div>
  );
}

function Value({ children }: { children: ReactNode }) {
  return (
    <Text
      component="span"
      fz={26}
      fw={700}
      lh={1.2}
      c="inherit"
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {children}
    </Text>
  );
}
