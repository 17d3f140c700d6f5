import { feedAnalyticsMessages as text, type FeedAnalytics } from '@castbase/contracts';
import { EmptyState, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { BroadcastIcon } from '../../shared/icons/icons.js';
import { SectionFailure } from '../podcast/section-failure.js';
import { AnalyticsLoading } from '../shared/analytics-states.js';
import { FeedFigures } from './feed-figures.js';
import { FeedHourlyCard } from './feed-hourly-card.js';
import { FeedTopLists } from './feed-top-lists.js';

/**
 * Feed Analytics (spec 3 §3 "Feed (RSS) analytics"): how podcast apps and directories fetch the RSS feed over the
 * range, with its own loading, failure (and Retry) and empty states, so the rest of a screen stands without it.
 */
export function FeedAnalyticsSection({ feed }: { feed: UseQueryResult<FeedAnalytics> }) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md">
      <Stack gap={2}>
        <Title order={2} fz="xl" id={titleId}>
          {text.title}
        </Title>
        <Text c="dimmed" size="sm">
          {text.subtitle}
        </Text>
      </Stack>
      <FeedContent feed={feed} />
    </Stack>
  );
}

function FeedContent({ feed }: { feed: UseQueryResult<FeedAnalytics> }) {
  if (feed.isError) {
    return (
      <SectionFailure
        title={text.fetchFailed}
        error={feed.error}
        onRetry={() => void feed.refetch()}
        retrying={feed.isFetching}
      />
    );
  }
  if (!feed.data) return <AnalyticsLoading label={text.loading} />;
  if (!feed.data.hasData) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <EmptyState variant="light" size="md" icon={<BroadcastIcon size={26} />} title={text.noDataBody} />
      </Paper>
    );
  }
  return (
    <>
      <FeedFigures feed={feed.data} />
      <FeedHourlyCard hourlyDistribution={feed.data.hourlyDistribution} peakHours={feed.data.peakHours} />
      <FeedTopLists feed={feed.data} />
    </>
  );
}
