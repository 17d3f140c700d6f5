import {
  type FeedAnalytics,
  feedAnalyticsMessages as text,
  formatCount,
  formatFeedBytes,
} from '@castbase/contracts';
import { SimpleGrid } from '@mantine/core';
import { BroadcastIcon, DownloadIcon, ServerIcon, UsersIcon } from '../../shared/icons/icons.js';
import { StatCard } from '../shared/stat-card.js';

/** Total Requests, Bandwidth (total and per request) and the subscriber estimate with what it is made of. */
export function FeedFigures({ feed }: { feed: FeedAnalytics }) {
  const { subscribers } = feed;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label={text.totalRequests}
        value={formatCount(feed.totalRequests)}
        icon={<BroadcastIcon size={18} />}
      />
      <StatCard
        label={text.bandwidth}
        value={formatFeedBytes(feed.bandwidth.totalBytes)}
        icon={<DownloadIcon size={18} />}
      />
      <StatCard
        label={text.averagePerRequest}
        value={formatFeedBytes(Math.round(feed.bandwidth.averagePerRequest))}
        icon={<ServerIcon size={18} />}
      />
      <StatCard
        label={text.subscribers}
        value={formatCount(subscribers.estimate)}
        icon={<UsersIcon size={18} />}
        hint={
          <>
            {text.fromAggregators}: {formatCount(subscribers.fromAggregators)} · {text.distinctFetchers}:{' '}
            {formatCount(subscribers.distinctFetchers)}
          </>
        }
      />
    </SimpleGrid>
  );
}
