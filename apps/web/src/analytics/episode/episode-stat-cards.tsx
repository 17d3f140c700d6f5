import {
  analyticsMessages,
  type EpisodeAnalytics,
  episodeAnalyticsMessages,
  formatCount,
  formatMinutes,
  formatPercent,
  isCompletionHealthy,
  secondsToMinutes,
} from '@castbase/contracts';
import { SimpleGrid, Text } from '@mantine/core';
import { PlayIcon } from '../../shared/icons/icons.js';
import { ClockIcon, HeadphonesIcon, TargetIcon } from '../shared/analytics-icons.js';
import { StatCard } from '../shared/stat-card.js';

const { cards } = episodeAnalyticsMessages;

/** Counts as the screens show them: '1,234'. */

/**
 * Total Plays (with its week-over-week trend), Unique Listeners, Completion Rate (green at 50 % or more, else a
 * warning) and Avg Listen Duration (spec 3 §2.2). Completion and listen time come only from Castbase's players: when
 * none played the episode they read 'Not measured' and say why, never 0.
 */
export function EpisodeStatCards({ figures }: { figures: EpisodeAnalytics }) {
  const { completionRate } = figures;
  const listenMinutes = secondsToMinutes(figures.averageListenSeconds);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label={cards.totalPlays}
        value={formatCount(figures.totalPlays)}
        icon={<PlayIcon size={18} />}
        trend={{ change: figures.playsTrend, describe: episodeAnalyticsMessages.weekOverWeek }}
      />
      <StatCard
        label={cards.uniqueListeners}
        value={formatCount(figures.uniqueListeners)}
        icon={<HeadphonesIcon size={18} />}
      />
      <StatCard
        label={cards.completionRate}
        value={formatPercent(completionRate)}
        icon={<TargetIcon size={18} />}
        {...(completionRate === null
          ? { hint: <NotMeasuredHint /> }
          : { valueColor: isCompletionHealthy(completionRate) ? 'green' : 'orange' })}
      />
      <StatCard
        label={cards.averageListenDuration}
        value={formatMinutes(listenMinutes)}
        icon={<ClockIcon size={18} />}
        {...(listenMinutes === null ? { hint: <NotMeasuredHint /> } : {})}
      />
    </SimpleGrid>
  );
}

/** 'Not measured.' and where the measure comes from, under a figure drawn as NOT_MEASURED. */
export function NotMeasuredHint({ reason = analyticsMessages.notMeasuredHint }: { reason?: string }) {
  return (
    <>
      <Text span inherit fw={700}>
        {analyticsMessages.notMeasured}.
      </Text>{' '}
      {reason}
    </>
  );
}
