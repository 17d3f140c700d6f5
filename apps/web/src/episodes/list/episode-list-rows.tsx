import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { EpisodeActionMenu } from '../actions/episode-action-menu.js';
import { EpisodeQuickActions } from '../actions/episode-quick-actions.js';
import { EpisodeStatusBadge } from '../actions/episode-status-badge.js';
import { EpisodeArtwork } from './episode-artwork.js';
import { episodeTypeLabel, durationFact, playsLabel, seasonAndNumber, statusDate } from './episode-facts.js';
import type { EpisodeViewProps } from './episode-view-props.js';

const TAGS_SHOWN = 4;

/** The list view (the default): one row per episode with its art, facts, tags, quick actions and menu. */
export function EpisodeListRows({ episodes, ...props }: EpisodeViewProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Episodes">
      {episodes.map((episode) => {
        const numbering = seasonAndNumber(episode);
        return (
          <Paper key={episode.id} component="li" withBorder radius="md" p="md">
            <Group gap="md" wrap="nowrap" align="flex-start">
              <EpisodeArtwork
                episode={episode}
                podcastArtworkUrl={props.podcastArtworkUrl}
                size={{ base: 48, xs: 72 }}
                onPlay={props.onPlay}
              />
              <Stack gap={6} miw={0} style={{ flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Text component="h2" fw={600} fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
                    {episode.title}
                  </Text>
                  <EpisodeStatusBadge status={episode.status} />
                  {episode.explicit && (
                    <Badge color="red" variant="outline" radius="sm">
                      Explicit
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {[
                    numbering,
                    episodeTypeLabel(episode),
                    durationFact(episode.durationSeconds),
                    playsLabel(episode.plays),
                    statusDate(episode, props.timeZone),
                    episode.enableRss ? null : 'Not in RSS',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {episode.description && (
                  <Text size="sm" lineClamp={2}>
                    {episode.description}
                  </Text>
                )}
                {episode.tags.length > 0 && (
                  <Group gap={6}>
                    {episode.tags.slice(0, TAGS_SHOWN).map((tag) => (
                      <Badge key={tag} variant="default" radius="sm" tt="none" fw={500}>
                        {tag}
                      </Badge>
                    ))}
                    {episode.tags.length > TAGS_SHOWN && (
                      <Text size="xs" c="dimmed">
                        +{episode.tags.length - TAGS_SHOWN} more
                      </Text>
                    )}
                  </Group>
                )}
              </Stack>
              <Group gap={4} wrap="nowrap" visibleFrom="sm">
                <EpisodeQuickActions
                  episode={episode}
                  podcastId={props.podcastId}
                  canEdit={props.canEdit}
                  onAction={props.onAction}
                />
              </Group>
              <EpisodeActionMenu
                episode={episode}
                podcastId={props.podcastId}
                canEdit={props.canEdit}
                withDownload
                onAction={props.onAction}
              />
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
