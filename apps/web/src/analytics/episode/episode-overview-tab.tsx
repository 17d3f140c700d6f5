import {
  type AnalyticsInsight,
  type EpisodeAnalytics,
  episodeAnalyticsMessages,
  formatCount,
  formatMinutes,
  formatPercent,
  type InsightKind,
  NOT_MEASURED,
  performanceLevel,
  type PerformanceLevel,
  secondsToMinutes,
} from '@castbase/contracts';
import {
  Group,
  RingProgress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  VisuallyHidden,
  type MantineColor,
} from '@mantine/core';
import { useState, type ComponentType } from 'react';
import { BroadcastIcon, type IconProps } from '../../shared/icons/icons.js';
import { ClockIcon, GlobeIcon, TargetIcon } from '../shared/analytics-icons.js';
import { ChartCard } from '../shared/chart-card.js';
import { NotMeasuredHint } from './episode-stat-cards.js';

const text = episodeAnalyticsMessages.overview;
const { cards } = episodeAnalyticsMessages;

/** The Overview tab (spec 3 §2.2): Performance Summary, Engagement Metrics and Key Insights. */
export function EpisodeOverviewTab({ figures }: { figures: EpisodeAnalytics }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PerformanceSummary performance={figures.performance} />
        <EngagementMetrics figures={figures} />
      </SimpleGrid>
      <KeyInsights insights={figures.insights} />
    </Stack>
  );
}

const levelColors: Record<PerformanceLevel, MantineColor> = {
  excellent: 'green',
  good: 'teal',
  average: 'yellow',
  needsImprovement: 'red',
};

/** The 0–100 score on a ring, with its label; without listening data, why there is none. */
function PerformanceSummary({ performance }: { performance: EpisodeAnalytics['performance'] }) {
  const color = performance ? levelColors[performanceLevel(performance.score)] : 'gray';
  return (
    <ChartCard title={text.performanceSummary}>
      <Group gap="xl" wrap="nowrap" align="center">
        <RingProgress
          size={132}
          thickness={12}
          roundCaps
          aria-hidden="true"
          sections={performance ? [{ value: performance.score, color }] : []}
          label={
            <Text ta="center" fz={30} fw={750}>
              {performance ? performance.score : NOT_MEASURED}
            </Text>
          }
        />
        <Stack gap={4}>
          <Text size="sm" fw={600} c="dimmed">
            {text.performanceScore}
            <VisuallyHidden>: {performance ? performance.score : NOT_MEASURED}</VisuallyHidden>
          </Text>
          {performance ? (
            <Text fz={22} fw={750} c={color}>
              {performance.label}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              <NotMeasuredHint reason={text.performanceNotMeasured} />
            </Text>
          )}
        </Stack>
      </Group>
    </ChartCard>
  );
}

type EngagementMetric = keyof typeof text.engagementToggle;
const ENGAGEMENT_METRICS = Object.keys(text.engagementToggle) as EngagementMetric[];

/** One big figure, chosen with a toggle: plays, completion or listen duration. */
function EngagementMetrics({ figures }: { figures: EpisodeAnalytics }) {
  const [metric, setMetric] = useState<EngagementMetric>('plays');
  const shown: Record<EngagementMetric, { label: string; value: string; measured: boolean }> = {
    plays: { label: cards.totalPlays, value: formatCount(figures.totalPlays), measured: true },
    completion: {
      label: cards.completionRate,
      value: formatPercent(figures.completionRate),
      measured: figures.completionRate !== null,
    },
    duration: {
      label: cards.averageListenDuration,
      value: formatMinutes(secondsToMinutes(figures.averageListenSeconds)),
      measured: figures.averageListenSeconds !== null,
    },
  };
  const { label, value, measured } = shown[metric];
  return (
    <ChartCard title={text.engagementMetrics}>
      <SegmentedControl
        aria-label={text.engagementMetrics}
        value={metric}
        onChange={setMetric}
        data={ENGAGEMENT_METRICS.map((key) => ({ value: key, label: text.engagementToggle[key] }))}
        fullWidth
      />
      <Stack gap={2} align="center" py="sm" aria-live="polite">
        <Text fz={40} fw={750} lh={1.1}>
          {measured ? value : <span aria-hidden="true">{NOT_MEASURED}</span>}
        </Text>
        <Text size="sm" fw={600} c="dimmed">
          {label}
        </Text>
        {!measured && (
          <Text size="xs" c="dimmed" ta="center" maw={360}>
            <NotMeasuredHint />
          </Text>
        )}
      </Stack>
    </ChartCard>
  );
}

const insightIcons: Record<InsightKind, ComponentType<IconProps>> = {
  completion: TargetIcon,
  topSource: BroadcastIcon,
  topCountry: GlobeIcon,
  listenShare: ClockIcon,
};

const insightColor = (positive: boolean | null): MantineColor =>
  positive === null ? 'blue' : positive ? 'green' : 'orange';

/** The four Key Insights, each with its kind's icon in green (good news), orange (a warning) or blue (neither). */
function KeyInsights({ insights }: { insights: readonly AnalyticsInsight[] }) {
  return (
    <ChartCard title={text.keyInsights}>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        spacing="md"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
      >
        {insights.map((insight) => {
          const Icon = insightIcons[insight.kind];
          return (
            <Group component="li" key={insight.kind} gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" color={insightColor(insight.positive)} radius="xl" size={34}>
                <Icon size={18} />
              </ThemeIcon>
              <Text pt={6}>{insight.text}</Text>
            </Group>
          );
        })}
      </SimpleGrid>
    </ChartCard>
  );
}
