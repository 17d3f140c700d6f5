import {
  analyticsMessages,
  formatCount,
  formatMinutes,
  formatPercent,
  formatPercentChange,
  isCompletionHealthy,
  isGrowthPositive,
  NOT_MEASURED,
  type PodcastAnalytics,
  podcastAnalyticsMessages,
  secondsToMinutes,
} from '@castbase/contracts';
import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  BroadcastIcon,
  ListIcon,
  PlayIcon,
  UsersIcon,
} from '../../shared/icons/icons.js';
import { ClockIcon, HeadphonesIcon, TargetIcon } from '../shared/analytics-icons.js';
import { StatCard } from '../shared/stat-card.js';

const overview = podcastAnalyticsMessages.overview;
const performance = podcastAnalyticsMessages.performance;

/** Published Episodes, Total Plays, Unique Listeners, Avg Episode Duration, Subscribers, Growth Rate (spec 3 §2.3). */
export function PodcastOverviewCards({ figures }: { figures: PodcastAnalytics['overview'] }) {
  const duration = secondsToMinutes(figures.averageEpisodeDurationSeconds);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      <StatCard
        label={overview.publishedEpisodes}
        value={formatCount(figures.publishedEpisodes)}
        icon={<ListIcon size={18} />}
      />
      <StatCard
        label={overview.totalPlays}
        value={formatCount(figures.totalPlays)}
        icon={<PlayIcon size={18} />}
      />
      <StatCard
        label={overview.uniqueListeners}
        value={formatCount(figures.uniqueListeners)}
        icon={<HeadphonesIcon size={18} />}
      />
      <StatCard
        label={overview.averageEpisodeDuration}
        value={formatMinutes(duration)}
        icon={<ClockIcon size={18} />}
        {...(duration === null
          ? { hint: <NotMeasured reason={overview.averageEpisodeDurationNotMeasured} /> }
          : {})}
      />
      <StatCard
        label={overview.subscribers}
        value={figures.subscriberCount === null ? NOT_MEASURED : formatCount(figures.subscriberCount)}
        icon={<BroadcastIcon size={18} />}
        {...(figures.subscriberCount === null
          ? { hint: <NotMeasured reason={overview.subscribersNotMeasured} /> }
          : {})}
      />
      <GrowthCard label={overview.growthRate} change={figures.growthRate} hint={overview.growthHint} />
    </SimpleGrid>
  );
}

interface PerformanceCardsProps {
  performance: PodcastAnalytics['performance'];
  monthlyGrowth: number;
}

/** Avg Completion Rate, Listener Retention and Monthly Growth; a figure not measured says why. */
export function PodcastPerformanceCards({ performance: figures, monthlyGrowth }: PerformanceCardsProps) {
  const completion = figures.averageCompletionRate;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StatCard
        label={performance.averageCompletionRate}
        value={formatPercent(completion)}
        icon={<TargetIcon size={18} />}
        {...(completion === null
          ? { hint: <NotMeasured reason={analyticsMessages.notMeasuredHint} /> }
          : { valueColor: isCompletionHealthy(completion) ? 'green' : 'orange' })}
      />
      <StatCard
        label={performance.listenerRetention}
        value={formatPercent(figures.listenerRetention)}
        icon={<UsersIcon size={18} />}
        hint={
          figures.listenerRetention === null ? (
            <NotMeasured reason={performance.retentionNotMeasured} />
          ) : (
            performance.retentionHint
          )
        }
      />
      <GrowthCard
        label={performance.monthlyGrowth}
        change={monthlyGrowth}
        hint={performance.monthlyGrowthHint}
      />
    </SimpleGrid>
  );
}

/** A change with its sign, in green at 0 or more and red below, and an arrow: the colour is never the only sign. */
function GrowthCard({ label, change, hint }: { label: string; change: number; hint: string }) {
  const growing = isGrowthPositive(change);
  const Arrow = growing ? ArrowUpIcon : ArrowDownIcon;
  return (
    <StatCard
      label={label}
      value={formatPercentChange(change)}
      valueColor={growing ? 'green' : 'red'}
      icon={<Arrow size={18} strokeWidth={2.2} />}
      hint={hint}
    />
  );
}

/** 'Not measured' and why, under a figure drawn as NOT_MEASURED. */
function NotMeasured({ reason }: { reason: string }): ReactNode {
  return (
    <>
      <Text span inherit fw={700}>
        {analyticsMessages.notMeasured}.
      </Text>{' '}
      {reason}
    </>
  );
}
