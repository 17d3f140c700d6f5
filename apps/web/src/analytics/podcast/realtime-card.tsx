import {
  ANALYTICS_TOP_LISTS,
  formatCount,
  type PodcastAnalytics,
  podcastAnalyticsMessages,
} from '@castbase/contracts';
import { Anchor, Badge, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PlayIcon } from '../../shared/icons/icons.js';
import { podcastPath } from '../../shared/podcasts/podcast-paths.js';
import { ChartCard } from '../shared/chart-card.js';

const text = podcastAnalyticsMessages.realtime;

interface RealtimeCardProps {
  podcastId: string;
  realtime: PodcastAnalytics['realtime'];
}

/** Right Now: the Castbase player sessions of the last hour and the five trending episodes (spec 3 §9). */
export function RealtimeCard({ podcastId, realtime }: RealtimeCardProps) {
  const trending = realtime.trending.slice(0, ANALYTICS_TOP_LISTS.trendingEpisodes);
  return (
    <ChartCard title={text.title}>
      <div>
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon variant="light" color="teal" size={44} radius="md">
            <PlayIcon size={22} />
          </ThemeIcon>
          <dl style={{ margin: 0 }}>
            <Text component="dt" size="sm" c="dimmed" fw={500}>
              {text.activeStreams}
            </Text>
            <Text
              component="dd"
              fz={28}
              fw={700}
              lh={1.15}
              m={0}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {formatCount(realtime.activeStreams)}
            </Text>
          </dl>
        </Group>
        <Text size="xs" c="dimmed" mt={6}>
          {text.activeStreamsHint}
        </Text>
      </div>
      <div>
        <Title order={3} fz="md" mb="sm">
          {text.trending}
        </Title>
        {trending.length === 0 ? (
          <Text size="sm" c="dimmed">
            {text.trendingEmpty}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {trending.map((episode) => (
              <Group component="li" key={episode.episodeId} justify="space-between" gap="xs" wrap="nowrap">
                <Stack gap={0} miw={0}>
                  <Anchor
                    component={Link}
                    to={podcastPath(podcastId, 'episodes/:episodeId/analytics', episode.episodeId)}
                    size="sm"
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {episode.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {text.playsLastHour(episode.playsLastHour)}
                  </Text>
                </Stack>
                <Badge variant="light" color="orange" radius="sm" style={{ flexShrink: 0 }}>
                  {text.score(episode.score)}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </div>
    </ChartCard>
  );
}
