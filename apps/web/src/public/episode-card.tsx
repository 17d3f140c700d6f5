import type { PublicEpisode } from '@castbase/contracts';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { playerMediaUrl, usePlaybackBeacons } from '../shared/listening/playback-beacons.js';
import { PublicArtwork } from './public-artwork.js';
import { useReloadOnMediaError } from './public-page-data.js';
import { episodeFacts } from './public-formats.js';
import classes from './public-pages.module.css';

/** One episode of the podcast's page: cover, title (to its page), facts, the start of its notes, a compact player. */
export function EpisodeCard({
  episode,
  pageQueryKey,
}: {
  episode: PublicEpisode;
  /** The query of the page the card is on, asked again when the player's file has moved. */
  pageQueryKey: readonly unknown[];
}) {
  const reloadOnError = useReloadOnMediaError(pageQueryKey, episode.media?.url);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const played = { podcastId: episode.podcastId, episodeId: episode.id };
  usePlaybackBeacons(audio, episode.media ? played : null, 'page');
  const path = `/episode/${episode.id}`;
  const headingId = `episode-${episode.id}`;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={headingId}
    >
      <div className={classes.episodeCard}>
        <PublicArtwork url={episode.artworkUrl} name={episode.title} size="card" />
        <Stack gap={6} miw={0}>
          <Title order={3} fz="h4" id={headingId} className={classes.title}>
            <Anchor component={Link} to={path} c="inherit" fw={700}>
              {episode.title}
            </Anchor>
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {episodeFacts(episode)}
            </Text>
            {episode.explicit && (
              <Badge color="red" size="sm">
                Explicit
              </Badge>
            )}
            {episode.episodeType !== 'full' && (
              <Badge variant="light" size="sm">
                {episode.episodeType === 'trailer' ? 'Trailer' : 'Bonus'}
              </Badge>
            )}
          </Group>
          {episode.description.trim() && (
            <Text size="sm" className={classes.cardDescription}>
              {episode.description}
            </Text>
          )}
          {episode.media && (
            <audio
              ref={setAudio}
              controls
              preload="none"
              src={playerMediaUrl(played, 'page', episode.media)}
              className={classes.player}
              aria-label={`Play ${episode.title}`}
              onError={reloadOnError}
            />
          )}
        </Stack>
      </div>
    </Paper>
  );
}
