import { dashboardMessages as text } from '@castbase/contracts';
import { Anchor, EmptyState, Group, Paper, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ChartBarIcon } from '../shared/icons/icons.js';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';

/**
 * The Analytics Overview card. Until the analytics service answers the dashboard's 30-day figures it shows its
 * empty state, never invented numbers.
 */
export function AnalyticsOverviewCard({ podcastId }: { podcastId: string }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="analytics-overview-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="analytics-overview-title">
          {text.analyticsOverview}
        </Title>
        <Anchor component={Link} to={podcastPath(podcastId, 'analytics')} fw={500} py={10}>
          {text.viewAll}
          <VisuallyHidden> analytics</VisuallyHidden>
        </Anchor>
      </Group>
      <EmptyState
        variant="light"
        size="md"
        icon={<ChartBarIcon size={26} />}
        title={text.noAnalytics}
        description="Plays, unique listeners, average listening time and growth appear here once people listen."
      />
    </Paper>
  );
}
