import type { UseQueryResult } from '@tanstack/react-query';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { podcastPath } from '../shared/podcasts/podcast-paths.js';

interface FeedLine {
  url: string;
  episodeCount: number;
  generatedAt: string;
}

interface RssFeedSlotProps {
  podcastId: string;
  /** `useFeedStatus` of the podcast: its generated feed, or null before the first generation. */
  feed: UseQueryResult<FeedLine | null>;
}

/**
 * Where the Feeds issue's RSS Feed Management widget goes (spec 2 §2). Until it exists this slot holds only what
 * is known for certain: the generated feed's address and when it was made, or that none has been generated.
 */
export function RssFeedSlot({ podcastId, feed }: RssFeedSlotProps) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="rss-feed-slot-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="rss-feed-slot-title">
          RSS Feed
        </Title>
        <Anchor component={Link} to={podcastPath(podcastId, 'settings/rss')} fw={500} py={10}>
          Feed settings
        </Anchor>
      </Group>
      <FeedStatusLine feed={feed} />
    </Paper>
  );
}

function FeedStatusLine({ feed }: Pick<RssFeedSlotProps, 'feed'>) {
  if (feed.isPending) return <Text c="dimmed">Checking the feed…</Text>;
  if (feed.isError) return <Text c="dimmed">The feed&apos;s status could not be read.</Text>;
  if (!feed.data) {
    return <Text c="dimmed">No feed has been generated yet.</Text>;
  }
  const { url, episodeCount, generatedAt } = feed.data;
  return (
    <Stack gap={4}>
      <Anchor href={url} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
        {url}
      </Anchor>
      <Text size="sm" c="dimmed">
        {episodeCount} {episodeCount === 1 ? 'episode' : 'episodes'} · generated{' '}
        {new Date(generatedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
      </Text>
    </Stack>
  );
}
