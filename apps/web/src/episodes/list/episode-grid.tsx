import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { EpisodeActionMenu } from '../actions/episode-action-menu.js';
import { EpisodeStatusBadge } from '../actions/episode-status-badge.js';
import { EpisodeArtwork } from './episode-artwork.js';
import { durationFact, seasonAndNumber, statusDate } from './episode-facts.js';
import type { EpisodeViewProps } from './episode-view-props.js';

/** The grid view: a card per episode with its art large. */
export function EpisodeGrid({ episodes, ...props }: EpisodeViewProps) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="md"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Episodes"
    >
      {episodes.map((episode) => (
        <Card key={episode.id} component="li" withBorder radius="md" padding="md">
          <Card.Section>
            <EpisodeArtwork
              episode={episode}
              podcastArtworkUrl={props.podcastArtworkUrl}
              size="100%"
              onPlay={props.onPlay}
            />
          </Card.Section>
          <Stack gap={6} mt="sm" style={{ flex: 1 }}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text component="h2" fw={600} fz="md" m={0} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {episode.title}
              </Text>
              <EpisodeActionMenu
                episode={episode}
                podcastId={props.podcastId}
                canEdit={props.canEdit}
                onAction={props.onAction}
              />
            </Group>
            <Group gap="xs">
              <EpisodeStatusBadge status={episode.status} />
              <Text size="sm" c="dimmed">
                {[seasonAndNumber(episode), durationFact(episode.durationSeconds)]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Group>
            <Text size="sm" c="dimmed">
              {statusDate(episode, props.timeZone)}
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
